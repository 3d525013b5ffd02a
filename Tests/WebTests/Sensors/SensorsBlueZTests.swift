import BlueZTestKit
import DBus
import FitnessSensors
import Foundation
import HeartRate
import HubCore
import HubStore
import HubTestKit
import Testing

@testable import Web

/// The sensors page against the plugins that answer it in a hub (heart-rate and fitness-sensors), on python-dbusmock's
/// BlueZ on a private bus: what `stayfit devices` does, from the web.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SensorsBlueZTests {
    static let trainerRole = RememberedDevice.Role(rawValue: "fitness-machine")

    /// Runs both plugins on the bus at `busAddress` while `body` runs, with the page's radio and the hub's store.
    static func withSensorPlugins(
        on busAddress: String, _ body: (BusSensorRadio, HubStore) async throws -> Void
    ) async throws {
        let (context, directory) = try PluginContext.test(clock: SystemClock())
        defer { withExtendedLifetime(directory) {} }
        let address = DBusAddress(busAddress)
        let heartRate = HeartRatePlugin(configuration: .init(), context: context, busAddress: address)
        let fitness = FitnessSensorsPlugin(configuration: .init(), context: context, busAddress: address)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await heartRate.run() }
            group.addTask { try await fitness.run() }
            defer { group.cancelAll() }
            try await eventually("both plugins to take commands") {
                context.bus.hasSubscribers(of: StrapCommand.self)
                    && context.bus.hasSubscribers(of: FitnessSensorCommand.self)
            }
            try await body(BusSensorRadio(bus: context.bus), context.hubStore)
            group.cancelAll()
            try? await group.waitForAll()
        }
    }

    @Test func scanFindsTheStrapAndTheTrainerAndPairThenForgetChangeTheStoreAsTheCLIDoes() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            _ = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:05", name: "KICKR 9999", kind: .indoorBike)
            try await Self.withSensorPlugins(on: environment.bus.address) { radio, store in
                let scan = try await SensorsPage.scan(radio: radio, book: store, csrfToken: "tok")
                #expect(
                    scan.body.contains(
                        "<span class=\"name\">Polar H10 1234</span> <span class=\"detail\">C0:FF:EE:00:00:01 · Heart-rate strap"
                    ),
                    "\(scan.body)")
                #expect(
                    scan.body.contains(
                        "<span class=\"name\">KICKR 9999</span> <span class=\"detail\">C0:FF:EE:00:00:05 · Fitness machine"
                    ),
                    "\(scan.body)")
                #expect(scan.body.contains("<input type=\"hidden\" name=\"kind\" value=\"strap\">"))

                let bus = MessageBus()
                let strap = try await SensorActions.pair(
                    ["address": "c0:ff:ee:00:00:01", "kind": "strap"], radio: radio, book: store, bus: bus,
                    csrfToken: "tok")
                #expect(strap == .redirect(to: "/sensors?paired=C0:FF:EE:00:00:01"))
                let rememberedStrap = try #require(try await store.rememberedDevice(.heartRate))
                #expect(rememberedStrap.address == "C0:FF:EE:00:00:01")
                #expect(rememberedStrap.name == "Polar H10 1234")

                let trainer = try await SensorActions.pair(
                    ["address": "C0:FF:EE:00:00:05", "kind": "sensor"], radio: radio, book: store, bus: bus,
                    csrfToken: "tok")
                #expect(trainer == .redirect(to: "/sensors?paired=C0:FF:EE:00:00:05"))
                #expect(
                    try await SensorActions.notice(["paired": "C0:FF:EE:00:00:05"], book: store)
                        == "Paired KICKR 9999 (C0:FF:EE:00:00:05). The hub now uses it as its fitness machine.")
                let page = try await SensorsPage.render(book: store, csrfToken: "tok")
                #expect(
                    page.body.contains("Remembered strap: Polar H10 1234 (C0:FF:EE:00:00:01), the hub connects it."))
                #expect(page.body.contains("Remembered fitness machine: KICKR 9999 (C0:FF:EE:00:00:05)"))

                let forget = try await SensorActions.forget(
                    ["address": "C0:FF:EE:00:00:05"], radio: radio, book: store, bus: bus, csrfToken: "tok")
                #expect(forget == .redirect(to: "/sensors?forgot=C0:FF:EE:00:00:05"))
                #expect(try await store.rememberedDevice(Self.trainerRole) == nil)
                #expect(try await store.rememberedDevice(.heartRate)?.address == "C0:FF:EE:00:00:01")
            }
        }
    }

    @Test func anUnknownAddressAndADeviceOfAnotherKindAreRefusedWithTheCLIsWords() async throws {
        try await withBlueZMock { environment in
            _ = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:06", name: "Wahoo SPEED", kind: .speedCadence)
            try await Self.withSensorPlugins(on: environment.bus.address) { radio, store in
                let unknown = try await SensorActions.pair(
                    ["address": "C0:FF:EE:00:00:42", "kind": "strap"], radio: radio, book: store, bus: MessageBus(),
                    csrfToken: "tok", searchFor: .seconds(1))
                guard case .invalid(let unknownPage) = unknown else {
                    Issue.record("\(unknown)")
                    return
                }
                #expect(
                    unknownPage.body.contains("No Bluetooth device C0:FF:EE:00:00:42 was found in 1 second."),
                    "\(unknownPage.body)")
                // A speed sensor is no strap: the heart-rate plugin says so, as `stayfit devices connect`.
                let notAStrap = try await SensorActions.pair(
                    ["address": "C0:FF:EE:00:00:06", "kind": "strap"], radio: radio, book: store, bus: MessageBus(),
                    csrfToken: "tok")
                guard case .invalid(let notAStrapPage) = notAStrap else {
                    Issue.record("\(notAStrap)")
                    return
                }
                #expect(
                    notAStrapPage.body.contains("C0:FF:EE:00:00:06 is not a heart-rate strap"), "\(notAStrapPage.body)")
                #expect(try await store.rememberedDevices().isEmpty, "nothing remembered after a failure")
            }
        }
    }

    @Test func aHostileDeviceNameIsShownAsTextInTheScan() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(
                to: environment, address: "C0:FF:EE:00:00:07", name: "<script>alert(1)</script>\u{1B}[2J")
            try await Self.withSensorPlugins(on: environment.bus.address) { radio, store in
                let scan = try await SensorsPage.scan(radio: radio, book: store, csrfToken: "tok")
                #expect(
                    scan.body.contains(
                        "&lt;script&gt;alert(1)&lt;/script&gt;\\u{1B}[2J</span> <span class=\"detail\">C0:FF:EE:00:00:07"
                    ),
                    "\(scan.body)")
                #expect(!scan.body.contains("<script"))
                #expect(!scan.body.contains("\u{1B}"))
            }
        }
    }

    @Test func withoutBlueZTheScanSaysWhatTheCLISays() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        try await Self.withSensorPlugins(on: bus.address) { radio, store in
            let scan = try await SensorsPage.scan(radio: radio, book: store, csrfToken: "tok")
            #expect(scan.body.contains("org.freedesktop.DBus.Error.ServiceUnknown"), "\(scan.body)")
            #expect(scan.body.contains("systemctl start bluetooth"), "\(scan.body)")
            #expect(!scan.body.contains("class=\"people found\""))
        }
    }
}
