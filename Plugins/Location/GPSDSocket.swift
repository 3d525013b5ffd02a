import Foundation
import Threading

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
    /// The socket is non-blocking, so `connect` returns at once; the wait for the handshake sleeps in `poll` on a
    /// thread of its own until the socket is ready, `timeout` (real time: it is a network wait, not a schedule of
    /// the hub's) has passed or the task is cancelled.
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
            try await waitForHandshake(on: descriptor, timeout: timeout)
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

    /// Waits until the non-blocking `connect` on `descriptor` has ended (the socket is writable), however it ended.
    ///
    /// The wait is `poll` on a thread of its own, never a cooperative one, on the socket and on a wake-up socket
    /// that a cancellation writes to: nothing wakes the thread but the handshake, the timeout or the cancellation.
    ///
    /// - Throws: ``Failure`` after `timeout`, `CancellationError` when the task is cancelled.
    private static func waitForHandshake(on descriptor: Int32, timeout: Duration) async throws {
        var wakePair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &wakePair) == 0 else {
            throw Failure(description: String(cString: strerror(errno)))
        }
        defer {
            close(wakePair[0])
            close(wakePair[1])
        }
        let (wake, waker) = (wakePair[0], wakePair[1])
        let thread = DedicatedThread(name: "gpsd-connect")
        defer { thread.stop() }
        let deadline = ContinuousClock.now + timeout
        let outcome = await withTaskCancellationHandler {
            await thread.perform { () -> HandshakeWait in
                var requests = [
                    pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
                    pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                ]
                while true {
                    let left = max(.zero, deadline - ContinuousClock.now)
                    let milliseconds = Int32(clamping: Int((left / .milliseconds(1)).rounded(.up)))
                    let ready = poll(&requests, 2, milliseconds)
                    if ready < 0 {
                        if errno == EINTR { continue }
                        return .failed(errno: errno)
                    }
                    if requests[1].revents != 0 { return .cancelled }
                    if requests[0].revents != 0 { return .ended }
                    if ready == 0 { return .timedOut }
                }
            }
        } onCancel: {
            var byte: UInt8 = 1
            _ = write(waker, &byte, 1)
        }
        switch outcome {
        case .ended: return
        case .cancelled: throw CancellationError()
        case .timedOut: throw Failure(description: "no answer within \(timeout)")
        case .failed(let error): throw Failure(description: String(cString: strerror(error)))
        }
    }

    /// How a wait for the handshake ended.
    private enum HandshakeWait: Sendable {
        case ended, cancelled, timedOut
        case failed(errno: Int32)
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
