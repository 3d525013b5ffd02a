import BlueZTestKit
import Foundation
import HubTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built hub under a stand-in for systemd: READY=1, STATUS= lines, watchdog pings, STOPPING=1; and log lines
/// in the journal's format when stderr is the journal.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SystemdServiceTests {
    static let configuration = """
        [hub]
        log-level = "info"

        [plugins.console]
        mode = "lines"
        """

    @Test func tellsSystemdItIsReadyKeepsPingingTheWatchdogAndShowsTheWorkout() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let systemd = try NotifySocket(path: scratch.path("notify"))
        // WATCHDOG_USEC = 1 s: a ping about every 0.5 s.
        let hub = try StayfitProcess(
            ["run", "--config", config, "--data-dir", scratch.path("data")],
            environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": ""])

        // READY=1 first, once the hub has said "ready" (every plugin started), then the idle status.
        let ready = try #require(await systemd.receive())
        #expect(ready.text == "READY=1")
        // Its log line may still be in the pipe: wait for it, and for the notice that the watchdog is on.
        try await hub.waitForLog("] ready")
        try await hub.waitForLog("systemd watchdog on")
        #expect(try #require(await systemd.receive()).text == "STATUS=idle")

        // Pings keep coming: six more after what queued meanwhile. How often they come is WatchdogTests' with a
        // manual clock; no window is timed here, as a loaded machine can delay this reader and bunch the pings.
        while systemd.hasPendingDatagram, let datagram = await systemd.receive() {
            #expect(datagram.text == "WATCHDOG=1")
        }
        for ping in 1...6 {
            let datagram = try #require(await systemd.receive(), "ping \(ping) of 6 never came")
            #expect(datagram.text == "WATCHDOG=1")
        }

        // A workout shows in the status; pings go on meanwhile.
        hub.send("start")
        var status: String?
        var pingsSinceStart = 0
        while status == nil || pingsSinceStart < 2 {
            let datagram = try #require(await systemd.receive(), "status so far: \(status ?? "none")")
            if datagram.text.hasPrefix("STATUS=") {
                status = datagram.text
            } else {
                #expect(datagram.text == "WATCHDOG=1")
                pingsSinceStart += 1
            }
        }
        let recording = try #require(status)
        #expect(recording.hasPrefix("STATUS=recording 0:"), "\(recording)")

        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        var last: [String] = []
        while systemd.hasPendingDatagram, let datagram = await systemd.receive() { last.append(datagram.text) }
        #expect(last.contains("STOPPING=1"), "datagrams after quit: \(last)")
    }

    @Test func aWatchdogMeantForAnotherProcessIsNotPinged() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let systemd = try NotifySocket(path: scratch.path("notify"))
        let hub = try StayfitProcess(
            ["run", "--config", config, "--data-dir", scratch.path("data")],
            environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"])
        #expect(try #require(await systemd.receive()).text == "READY=1")
        #expect(try #require(await systemd.receive()).text == "STATUS=idle")
        // The hub's own measure of time, on the same socket: it changes its status line at most once every 5 s of
        // its clock, so the next status, the workout's, comes 5 s after "idle" at the earliest. Pings every 0.1 s,
        // were the watchdog on, would be ahead of it.
        hub.send("start")
        let next = try #require(await systemd.receive(), "no datagram after the start")
        #expect(next.text.hasPrefix("STATUS=recording "), "\(next.text)")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        #expect(!hub.standardError.contains("watchdog"), "stderr: \(hub.standardError)")
        // And none until the end: STOPPING=1 is the last.
        var rest: [String] = []
        while systemd.hasPendingDatagram, let datagram = await systemd.receive() { rest.append(datagram.text) }
        #expect(!rest.contains("WATCHDOG=1"), "\(rest)")
        #expect(rest.last == "STOPPING=1", "\(rest)")
    }

    @Test func whenStderrIsTheJournalLinesCarryASyslogPriorityAndNoTimestamp() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        // The journal is a stream socket whose device:inode is in JOURNAL_STREAM; a socket of ours stands in for it.
        let journal = try CollectedOutput(name: "journal")
        var status = stat()
        try #require(fstat(journal.writeEnd, &status) == 0)
        let input = try ChildInput()
        let process = try ChildProcess.spawn(
            StayfitProcess.binary.path, ["run", "--config", config, "--data-dir", scratch.path("data")],
            environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"], stdin: input.readEnd,
            stderr: journal.writeEnd)
        defer { process.stop() }
        input.closeReadEnd()
        journal.closeWriteEnd()
        input.write("quit\n")
        let ended = try await process.termination(within: TestDeadline.hang)
        #expect(try await journal.waitForEnd(timeout: TestDeadline.hang), "the hub's standard error never ended")
        let text = journal.text
        #expect(ended == .exited(0), "stderr: \(text)")

        let lines = text.split(separator: "\n").map(String.init)
        // The plugins on by default (the heart-rate log, status, goals…) come in the registry's order, not the file's.
        #expect(
            lines.contains { $0.hasPrefix("<6>ready plugins=") && $0.contains("console") }, "stderr: \(text)")
        for line in lines {
            #expect(line.wholeMatch(of: /<[0-7]>[^<].*/) != nil, "\(line.debugDescription)")
            #expect(line.firstMatch(of: /\d{4}-\d{2}-\d{2}T/) == nil, "a timestamp: \(line)")
        }
    }
}

/// A datagram socket standing in for systemd's notify socket; each datagram with the time it was taken.
final class NotifySocket {
    let descriptor: Int32
    let path: String

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
    }

    deinit { close(descriptor) }

    /// The next datagram and when it was taken, waiting up to `TestDeadline.hang` for it (in `poll` on a thread of its own, not
    /// on a thread of the tests' executor); nil if none came.
    func receive() async -> (text: String, at: ContinuousClock.Instant)? {
        let descriptor = descriptor
        let milliseconds = Int32(TestDeadline.hang.components.seconds * 1000)
        return await withCheckedContinuation { continuation in
            Thread {
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                var ready = poll(&request, 1, milliseconds)
                while ready < 0 && errno == EINTR { ready = poll(&request, 1, milliseconds) }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count =
                    ready > 0
                    ? buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    : -1
                continuation.resume(
                    returning: count >= 0 ? (String(decoding: buffer[0..<count], as: UTF8.self), .now) : nil)
            }.start()
        }
    }

    var hasPendingDatagram: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK)) >= 0
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
