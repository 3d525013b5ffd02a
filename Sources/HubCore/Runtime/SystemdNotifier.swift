import Foundation

/// Tells systemd about the hub's state (`READY=1`, `STOPPING=1`, `STATUS=…`) over `$NOTIFY_SOCKET`.
///
/// The sd_notify protocol is one datagram per message on a Unix socket, so no libsystemd is needed. Without
/// `NOTIFY_SOCKET` (not started by systemd) every call does nothing.
public struct SystemdNotifier: Sendable {
    private let socketPath: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Sends newline-separated `KEY=VALUE` lines; failures are ignored (systemd may be gone at shutdown).
    /// Whether there is a systemd to tell (`NOTIFY_SOCKET` set): without one, nothing need listen for what to say.
    public var isEnabled: Bool { socketPath != nil }

    public func notify(_ message: String) {
        guard let socketPath else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }  // abstract namespace
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.enumerated() { buffer[index] = byte }
        }
        let length = socklen_t((MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2) + path.count)
        _ = message.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
    }
}
