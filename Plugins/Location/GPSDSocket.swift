import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens TCP connections to gpsd without blocking the caller's thread.
enum GPSDSocket {
    /// Why a connection could not be made.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The request that starts the stream of JSON reports (TECHREF §5).
    static let watchRequest = #"?WATCH={"enable":true,"json":true};"# + "\n"

    /// Connects to `host` (an IPv4 or IPv6 address, or "localhost") on `port` and sends the watch request.
    ///
    /// The socket is non-blocking, so `connect` returns at once; the wait for the handshake polls with no
    /// timeout and sleeps between looks, on real time (it is a network wait, not a schedule of the hub's).
    ///
    /// - Returns: the connected descriptor, owned by the caller.
    /// - Throws: ``Failure`` saying why (refused, unreachable, timed out).
    static func connect(host: String, port: Int, timeout: Duration = .seconds(5)) async throws -> Int32 {
        guard let address = SocketAddress(host: host, port: port) else {
            throw Failure(description: "\(host) is not an IP address")
        }
        let descriptor = socket(
            address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue),
            0)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var connected = false
        defer { if !connected { close(descriptor) } }
        let result = address.withSockaddr { Glibc.connect(descriptor, $0, $1) }
        if result != 0 {
            guard errno == EINPROGRESS else { throw Failure(description: String(cString: strerror(errno))) }
            let deadline = ContinuousClock.now + timeout
            while true {
                var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&request, 1, 0) > 0 { break }
                guard ContinuousClock.now < deadline else { throw Failure(description: "no answer within \(timeout)") }
                try await Task.sleep(for: .milliseconds(20))
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else { throw Failure(description: String(cString: strerror(error))) }
        }
        let bytes = Array(watchRequest.utf8)
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "cannot send the watch request") }
        connected = true
        return descriptor
    }

    /// An IPv4 or IPv6 socket address.
    private enum SocketAddress {
        case v4(sockaddr_in)
        case v6(sockaddr_in6)

        init?(host: String, port: Int) {
            let host = host == "localhost" ? "127.0.0.1" : host
            var v4 = sockaddr_in()
            if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
                v4.sin_family = sa_family_t(AF_INET)
                v4.sin_port = in_port_t(UInt16(port).bigEndian)
                self = .v4(v4)
                return
            }
            var v6 = sockaddr_in6()
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
                v6.sin6_family = sa_family_t(AF_INET6)
                v6.sin6_port = in_port_t(UInt16(port).bigEndian)
                self = .v6(v6)
                return
            }
            return nil
        }

        var family: Int32 {
            switch self {
            case .v4: AF_INET
            case .v6: AF_INET6
            }
        }

        func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
            switch self {
            case .v4(var address):
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            case .v6(var address):
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                    }
                }
            }
        }
    }

    /// Whether `host` is something ``connect(host:port:timeout:)`` accepts.
    static func isValidHost(_ host: String) -> Bool { SocketAddress(host: host, port: 0) != nil }
}
