import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

/// The web app's sensors page in a real browser (headless Chromium through Selenium), against the real `stayfit`
/// binary whose heart-rate and fitness-sensors plugins talk to python-dbusmock's BlueZ on a private bus:
/// `WebApp/web_sensors_check.py` in the tests' venv.
@Suite(.timeLimit(.minutes(10))) struct WebSensorsTests {
    static let script = WebAppTests.here.appendingPathComponent("WebApp/web_sensors_check.py").path

    @Test func aPersonScansPairsAndForgetsInABrowserAndTheCLISeesIt() async throws {
        guard BrowserCheck.browserIsInstalled() else { return }
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            _ = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:05", name: "KICKR 9999", kind: .indoorBike)
            let scratch = try Scratch()
            let data = scratch.path("data")
            let bus = ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address]
            let password = "correct horse battery staple"
            let setPassword = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: password)
            #expect(setPassword.status == 0, "\(setPassword.error)")
            let port = try GPSFake.freePort()
            let config = try scratch.write(
                "stayfit.toml",
                """
                [plugins.heart-rate]
                [plugins.fitness-sensors]
                [plugins.web]
                listen = "127.0.0.1:\(port)"

                """)
            let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data], environment: bus)
            try await hub.waitForLog("Server started and listening on 127.0.0.1:\(port)")

            let check = try await BrowserCheck.run(
                Self.script, arguments: ["http://127.0.0.1:\(port)", password, WebAppTests.artifacts], in: scratch,
                timeout: .seconds(400))
            #expect(check.status == 0, "\(check.said)\n\(check.errors)\nhub log:\n\(hub.standardError)")
            #expect(check.said.contains("all sensors checks passed"), "\(check.said)\n\(check.errors)")
            // What the browser changed is what `stayfit devices list` reads: the strap kept, the trainer forgotten.
            let list = try await StayfitProcess.run(["devices", "list", "--data-dir", data], environment: bus)
            #expect(list.status == 0, "\(list.error)")
            #expect(
                list.output.contains("Remembered strap: Polar H10 1234 (C0:FF:EE:00:00:01), the hub connects it."),
                "\(list.output)")
            #expect(!list.output.contains("Remembered fitness machine"), "\(list.output)")
            hub.signal(SIGTERM)
            #expect(try await hub.waitForExit() == 0)
        }
    }
}
