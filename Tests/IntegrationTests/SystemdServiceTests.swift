import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built hub under a stand-in for systemd: READY=1, STATUS= lines, watchdog pings, STOPPING=1; and log lines
/// in the journal's format when stderr is the journal.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SystemdServiceTests {
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
        let deadline = ContinuousClock.now + .seconds(30)
        while !(hub.standardError.contains("] ready") && hub.standardError.contains("systemd watchdog on")),
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(hub.standardError.contains("] ready"), "stderr: \(hub.standardError)")
        #expect(try #require(await systemd.receive()).text == "STATUS=idle")

        // Pings, at about half of WATCHDOG_USEC: counted over three seconds by the clock, not timed one by one
        // (when the test's own task runs late, datagrams that queued up meanwhile arrive together).
        // First take what queued while the test waited above: a ping that took a while to come is a fresh one.
        while true {
            let asked = ContinuousClock.now
            let datagram = try #require(await systemd.receive())
            #expect(datagram.text == "WATCHDOG=1")
            if ContinuousClock.now - asked > .milliseconds(200) { break }
        }
        let window = ContinuousClock.now + .seconds(3)
        var pings = 0
        while ContinuousClock.now < window {
            let datagram = try #require(await systemd.receive())
            #expect(datagram.text == "WATCHDOG=1")
            pings += 1
        }
        // Loose above: on a loaded machine pings that queued just before the window are read inside it.
        #expect(pings <= 14, "\(pings) pings in 3 s; about 6 expected")
        // And they keep coming: about 6 in those 3 s. The whole suite on two cores can hold the hub back for a
        // second or two (CI once counted 2), so the rest may come later, but they must come.
        let late = ContinuousClock.now + .seconds(10)
        while pings < 6, ContinuousClock.now < late {
            let datagram = try #require(await systemd.receive())
            #expect(datagram.text == "WATCHDOG=1")
            pings += 1
        }
        #expect(pings >= 6, "\(pings) pings in 13 s; about 6 a 3 s expected")

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
        // Not ordering anything: time in which pings every 0.1 s would come, were the watchdog on.
        try await Task.sleep(for: .milliseconds(500))
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        #expect(!hub.standardError.contains("watchdog"), "stderr: \(hub.standardError)")
        // After READY=1 and the status, only STOPPING=1.
        var rest: [String] = []
        while systemd.hasPendingDatagram, let datagram = await systemd.receive() { rest.append(datagram.text) }
        #expect(rest == ["STOPPING=1"])
    }

    @Test func whenStderrIsTheJournalLinesCarryASyslogPriorityAndNoTimestamp() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        // The journal is a stream whose device:inode is in JOURNAL_STREAM; a pipe of ours stands in for it.
        let journal = Pipe()
        var status = stat()
        try #require(fstat(journal.fileHandleForWriting.fileDescriptor, &status) == 0)
        let process = Process()
        process.executableURL = StayfitProcess.binary
        process.arguments = ["run", "--config", config, "--data-dir", scratch.path("data")]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"
        ]) { $1 }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = journal
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Ours, so that the end of the hub's output is seen; Foundation may have closed it already.
        try? journal.fileHandleForWriting.close()
        input.fileHandleForWriting.write(Data("quit\n".utf8))
        let text = String(decoding: journal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "stderr: \(text)")

        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("<6>ready plugins=console") }, "stderr: \(text)")
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

    /// The next datagram and when it was taken, waiting up to 30 s (without holding a thread of the tests'
    /// executor); nil if none came.
    func receive() async -> (text: String, at: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + .seconds(30)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count >= 0 { return (String(decoding: buffer[0..<count], as: UTF8.self), .now) }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(1))
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
