import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A datagram socket bound where `NOTIFY_SOCKET` will point, standing in for systemd.
final class FakeSystemd {
    let descriptor: Int32
    /// The value for `NOTIFY_SOCKET`: a path, or `@name` for the abstract namespace.
    let address: String

    /// Binds to `path`, or to an abstract name when `path` starts with "@".
    init(binding address: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(descriptor >= 0)
        self.address = address
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(address.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        try #require(bytes.count < MemoryLayout.size(ofValue: socketAddress.sun_path))
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        // An abstract name is exactly as long as the length says: no terminating NUL, as systemd binds it.
        let pathOffset = try #require(MemoryLayout<sockaddr_un>.offset(of: \.sun_path))
        let length = socklen_t(pathOffset + bytes.count)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        try #require(bound == 0, "bind \(address): \(String(cString: strerror(errno)))")
        // A generous limit, so that a datagram that never comes fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// The next datagram's text, waiting for it (up to the 10 s limit); nil if none came.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count >= 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    /// The next datagram's text, waiting for it (up to `timeout`) without holding a thread of the test's executor:
    /// the code under test may need one to send it. Nil if none came.
    func next(timeout: Duration = TestDeadline.hang) async -> String? {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count >= 0 { return String(decoding: buffer[0..<count], as: UTF8.self) }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Whether a datagram is waiting now; sendto() on a local datagram socket queues it before it returns.
    var hasPendingDatagram: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK)) >= 0
    }
}

@Suite struct SystemdNotifierTests {
    @Test func sendsEachMessageAsOneDatagramToASocketInTheFileSystem() throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeSystemd(binding: directory.url.appendingPathComponent("notify").path)
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address])

        notifier.notify("READY=1\nSTATUS=Ready")
        notifier.notify("STOPPING=1")

        #expect(systemd.receive() == "READY=1\nSTATUS=Ready")
        #expect(systemd.receive() == "STOPPING=1")
    }

    @Test func reachesASocketInTheAbstractNamespace() throws {
        let systemd = try FakeSystemd(binding: "@stayfit-test-\(getpid())-\(UUID().uuidString.prefix(8))")
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address])

        notifier.notify("READY=1")

        #expect(systemd.receive() == "READY=1")
    }

    @Test(arguments: [[:], ["NOTIFY_SOCKET": ""]])
    func withoutANotifySocketSendsNothing(environment: [String: String]) throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeSystemd(binding: directory.url.appendingPathComponent("notify").path)
        let quiet = SystemdNotifier(environment: environment)

        quiet.notify("READY=1")
        #expect(!systemd.hasPendingDatagram)

        // The socket works: a notifier that knows it is heard, and its message is the first to arrive.
        SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address]).notify("STATUS=control")
        #expect(systemd.receive() == "STATUS=control")
    }
}
