import BlueZTestKit
import Crypt
import Foundation
import GPSTestKit
import HubCore
import HubStore
import HubTestKit
import Logging
import ServiceLifecycle
import Testing

@testable import Web

/// The sensors page through the running web app (its one event-loop thread, the session gate, the CSRF check),
/// with the plugins that own Bluetooth played by the test on the bus.
@Suite(.serialized, .timeLimit(.minutes(3))) struct SensorRoutesTests {
    static let password = "correct horse"

    /// A logged-in browser: the session cookie and the token its forms carry.
    struct Browser {
        let port: Int
        let cookie: String
        let csrf: String
    }

    /// Runs the web plugin on a free port over a real store while `body` runs, logged in as a browser would be.
    static func withWebApp(_ body: (Browser, PluginContext) async throws -> Void) async throws {
        let (context, directory) = try PluginContext.test(clock: SystemClock())
        defer { withExtendedLifetime(directory) {} }
        try await context.hubStore.setWebPasswordHash(try await PasswordHash.make(password))
        try await context.hubStore.remember(SensorsFixture.trainer)
        let port = try GPSFake.freePort()
        let plugin = WebPlugin(
            configuration: .init(listen: ListenAddress(host: "127.0.0.1", port: port)), context: context)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: plugin)],
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await eventually("the web app to listen") {
                (try? await HTTPProbe.request("GET", "/login", port: port)) != nil
            }
            let browser = try await logIn(port: port)
            try await body(browser, context)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    static func logIn(port: Int) async throws -> Browser {
        let form = try await HTTPProbe.request("GET", "/login", port: port)
        let loginToken = try #require(cookie("stayfit_login", in: form.head))
        let login = try await HTTPProbe.request(
            "POST", "/login", port: port, cookie: "stayfit_login=\(loginToken)",
            form: "csrf=\(loginToken)&password=correct%20horse")
        #expect(login.status == 303, "\(login.head)")
        let session = try #require(cookie("stayfit_session", in: login.head))
        let page = try await HTTPProbe.request("GET", "/sensors", port: port, cookie: "stayfit_session=\(session)")
        let csrf = try #require(
            page.body.range(of: "<meta name=\"csrf-token\" content=\"").map { start in
                String(page.body[start.upperBound...].prefix { $0 != "\"" })
            })
        return Browser(port: port, cookie: "stayfit_session=\(session)", csrf: csrf)
    }

    static func cookie(_ name: String, in head: String) -> String? {
        head.split(separator: "\r\n").lazy.compactMap { line -> String? in
            guard line.lowercased().hasPrefix("set-cookie: \(name)=") else { return nil }
            let value = line.dropFirst("set-cookie: \(name)=".count).prefix { $0 != ";" }
            return value.isEmpty ? nil : String(value)
        }.first
    }

    @Test func aScanWaitsForThePluginsWithoutHoldingUpTheServer() async throws {
        try await Self.withWebApp { browser, context in
            let straps = context.bus.inbox(of: StrapCommand.self, subscriber: "test straps")
            let sensors = context.bus.inbox(of: FitnessSensorCommand.self, subscriber: "test sensors")
            async let scan = HTTPProbe.request(
                "POST", "/sensors/scan", port: browser.port, cookie: browser.cookie, form: "csrf=\(browser.csrf)")
            let strapCommand = try await nextElement(of: straps)
            let sensorCommand = try await nextElement(of: sensors)
            #expect(strapCommand.action == .scan(for: .seconds(5)))
            #expect(sensorCommand.action == .scan(for: .seconds(5)))
            // The scan is under way, unanswered: the app's one event-loop thread still serves another page.
            let meanwhile = try await HTTPProbe.request("GET", "/sensors", port: browser.port, cookie: browser.cookie)
            #expect(meanwhile.status == 200)
            #expect(meanwhile.body.contains("Remembered fitness machine: KICKR 9999 (C0:FF:EE:00:00:05)"))
            strapCommand.reply.answer(.success([.polar]))
            sensorCommand.reply.answer(.success([.kickr]))
            let found = try await scan
            #expect(found.status == 200)
            #expect(
                found.body.contains(
                    "<span class=\"name\">Polar H10 1234</span> <span class=\"detail\">C0:FF:EE:00:00:01 · Heart-rate strap"
                ))
            #expect(found.body.contains("<input type=\"hidden\" name=\"csrf\" value=\"\(browser.csrf)\">"))
            #expect(found.body.contains("<a href=\"/settings\">Settings</a>"), "in the navigation")
        }
    }

    @Test func aPostWithoutTheTokenIsRefusedBeforeAnyPluginIsAsked() async throws {
        try await Self.withWebApp { browser, context in
            let straps = context.bus.inbox(of: StrapCommand.self, subscriber: "test straps")
            for path in ["/sensors/scan", "/sensors/pair", "/sensors/forget"] {
                let refused = try await HTTPProbe.request(
                    "POST", path, port: browser.port, cookie: browser.cookie,
                    form: "address=C0:FF:EE:00:00:05&kind=strap")
                #expect(refused.status == 403, "\(path): \(refused.head)")
            }
            #expect(try await context.hubStore.rememberedDevice(SensorActionsTests.trainerRole) != nil)
            // Nothing reached the plugin: the next command is the test's own.
            context.bus.publish(StrapCommand(.disconnect(address: "C0:FF:EE:00:00:09"), reply: BusReply()))
            #expect(try await nextElement(of: straps).action == .disconnect(address: "C0:FF:EE:00:00:09"))
        }
    }

    @Test func forgettingThroughThePagesAsksThenForgetsAndRedirects() async throws {
        try await Self.withWebApp { browser, context in
            let question = try await HTTPProbe.request(
                "GET", "/sensors/forget?address=c0:ff:ee:00:00:05", port: browser.port, cookie: browser.cookie)
            #expect(question.status == 200)
            #expect(question.body.contains("Forget KICKR 9999 (C0:FF:EE:00:00:05), the hub&#39;s fitness machine?"))
            let sensors = context.bus.inbox(of: FitnessSensorCommand.self, subscriber: "test sensors")
            async let forget = HTTPProbe.request(
                "POST", "/sensors/forget", port: browser.port, cookie: browser.cookie,
                form: "csrf=\(browser.csrf)&address=C0%3AFF%3AEE%3A00%3A00%3A05")
            let release = try await nextElement(of: sensors)
            #expect(release.action == .disconnect(address: "C0:FF:EE:00:00:05"))
            release.reply.answer(.success([]))
            let forgot = try await forget
            #expect(forgot.status == 303, "\(forgot.head)")
            #expect(forgot.head.lowercased().contains("location: /sensors?forgot=c0:ff:ee:00:00:05"), "\(forgot.head)")
            #expect(try await context.hubStore.rememberedDevice(SensorActionsTests.trainerRole) == nil)
            let malformed = try await HTTPProbe.request(
                "POST", "/sensors/pair", port: browser.port, cookie: browser.cookie,
                form: "csrf=\(browser.csrf)&address=%3Cscript%3E")
            #expect(malformed.status == 422)
            #expect(malformed.body.contains("&quot;&lt;script&gt;&quot; is not a Bluetooth address."))
        }
    }
}
