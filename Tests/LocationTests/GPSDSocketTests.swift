import Foundation
import Testing

@testable import Location

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct GPSDSocketTests {
    /// Runs `body` with the port of a listening socket on 127.0.0.1 that never accepts and whose one-place queue is
    /// already taken: the kernel drops the next connection's SYN, so that handshake never ends (as with a gpsd behind
    /// a firewall that drops).
    private func withSilentListener(_ body: (Int) async throws -> Void) async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) }
        }
        try #require(bound == 0 && listen(listener, 0) == 0)
        var length = size
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        // The first connection fills the accept queue (a backlog of 0 holds one).
        let first = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(first) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(first, $0, size) }
        }
        try #require(connected == 0)
        try await body(Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test func aHandshakeThatNeverEndsIsGivenUpAfterTheTimeout() async throws {
        try await withSilentListener { port in
            do {
                _ = try await GPSDSocket.connect(host: "127.0.0.1", port: port, timeout: .milliseconds(300))
                Issue.record("connected to a listener that never answers")
            } catch let failure as GPSDSocket.Failure {
                #expect(failure.description == "no answer within 0.3 seconds")
            }
        }
    }

    @Test func aCancelledConnectEndsWithoutWaitingForTheTimeout() async throws {
        try await withSilentListener { port in
            let attempt = Task {
                try await GPSDSocket.connect(host: "127.0.0.1", port: port, timeout: .seconds(3600))
            }
            attempt.cancel()
            await #expect(throws: CancellationError.self) { _ = try await attempt.value }
        }
    }
}
