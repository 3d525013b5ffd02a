import BlueZTestKit
import Foundation
import GPSTestKit
import HubCore
import HubTestKit
import Logging
import ServiceLifecycle
import Testing

@testable import Web

/// The plugin's server: it says plainly when its port is taken, and stops when the hub stops.
@Suite struct WebPluginTests {
    static let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func plugin(port: Int) -> WebPlugin {
        let context = PluginContext.test(storage: InMemoryWebPasswordStore(hash: nil))
        return WebPlugin(
            configuration: .init(listen: ListenAddress(host: "127.0.0.1", port: port)), context: context)
    }

    @Test func aPortInUseIsSaidWithTheAddressAndTheFix() async throws {
        let listener = try TakenPort()
        await #expect {
            try await Self.plugin(port: listener.port).run()
        } throws: { error in
            guard let error = error as? WebError, error.isPortInUse else { return false }
            let said = "\(error)"
            return said.contains("127.0.0.1:\(listener.port)") && said.contains("another program")
                && said.contains("listen in [plugins.web]")
        }
    }

    @Test func itServesUntilTheHubStopsAndThenStops() async throws {
        let port = try GPSFake.freePort()
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: Self.plugin(port: port))], logger: Self.quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // Polled with a deadline: the server listens once its thread has bound the port.
            let deadline = ContinuousClock.now + TestDeadline.hang
            while !TakenPort.accepts(port: port) {
                try #require(ContinuousClock.now < deadline, "the web app never listened on \(port)")
                try await Task.sleep(for: .milliseconds(20))
            }
            // A hub without a password answers with the page that says how to set one, dated as HTTP asks.
            let answer = try await HTTPProbe.request("GET", "/", port: port)
            #expect(answer.status == 503, "\(answer.head)")
            let dated = answer.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("date: ") }
            let date = try #require(dated.map { String($0.dropFirst(6)) }, "no Date header: \(answer.head)")
            let before = HTTPDate.text(secondsSince1970: Int(Date().timeIntervalSince1970) - 5)
            #expect(date.count == 29 && date.hasSuffix(" GMT") && date.prefix(16) == before.prefix(16), "\(date)")
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(!TakenPort.accepts(port: port))
    }

    static func accepts(port: Int) -> Bool { TakenPort.accepts(port: port) }
    @Test func theDateHeaderIsTheRFCsFixedFormInGMT() {
        #expect(HTTPDate.text(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.text(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.text(secondsSince1970: 1_795_996_799) == "Sun, 29 Nov 2026 23:59:59 GMT")
    }
}

/// A port another program listens on, for as long as the value lives.
private final class TakenPort {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TakenPortError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 1) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw TakenPortError()
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    /// Whether something on 127.0.0.1 accepts a connection on `port`.
    static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    struct TakenPortError: Error {}
}
