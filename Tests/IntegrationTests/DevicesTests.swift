import BlueZTestKit
import DBus
import Foundation
import HubStore
import Testing

/// `stayfit devices` against python-dbusmock's BlueZ on a private bus, as it would run against bluetoothd.
@Suite(.serialized, .timeLimit(.minutes(5))) struct DevicesTests {
    static let second = "C0:FF:EE:00:00:02"

    /// Runs `stayfit devices arguments` with the mock's bus as the system bus.
    static func devices(_ arguments: [String], on environment: BlueZEnvironment, data: String) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await StayfitProcess.run(
            ["devices"] + arguments + ["--data-dir", data],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address])
    }

    @Test func scanListsTheStrapsInRangeIncludingOneThatStartsAdvertisingDuringTheScan() async throws {
        try await withBlueZMock { environment in
            let first = try await MockStrap.add(to: environment)
            let scratch = try Scratch()
            // The scan's own length is the one window here: long enough that the second strap and the first one's
            // new signal always come inside it (a loaded run's 8 s ended before the signal was updated).
            async let scan = Self.devices(["scan", "--seconds", "30"], on: environment, data: scratch.path("data"))
            try await eventually {
                try await environment.connection.property(
                    "Discovering", interface: "org.bluez.Adapter1", path: "/org/bluez/hci0", destination: "org.bluez"
                ).bool == true
            }
            _ = try await MockStrap.add(to: environment, address: Self.second, name: "Wahoo TICKR")
            try await first.updateDevice(["RSSI": .int16(-61)])  // an advertisement of the strap known before
            let result = try await scan
            #expect(result.status == 0, "stderr: \(result.error)")
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.contains("C0:FF:EE:00:00:01  -61 dBm  Polar H10 1234"), "\(result.output)")
            #expect(lines.contains("C0:FF:EE:00:00:02  -79 dBm  Wahoo TICKR"), "\(result.output)")
            #expect(result.output.contains("Found 2 straps."))
            #expect(lines[2].hasPrefix("C0:FF:EE:00:00:01"), "strongest first, under the header: \(result.output)")
        }
    }

    @Test func connectRemembersTheStrapAndDisconnectAndForgetUndoIt() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment, batteryPercent: 64)
            let scratch = try Scratch()
            let data = scratch.path("data")

            let connect = try await Self.devices(["connect", "c0:ff:ee:00:00:01"], on: environment, data: data)
            #expect(connect.status == 0, "stderr: \(connect.error)")
            #expect(connect.output.contains("Connected to Polar H10 1234 (C0:FF:EE:00:00:01), battery 64%."))
            #expect(try await strap.deviceCalls("Connect") == 1)
            let remembered = try #require(try await scratch.store().rememberedDevice(.heartRate))
            #expect(remembered.address == "C0:FF:EE:00:00:01")
            #expect(remembered.name == "Polar H10 1234")
            #expect(remembered.connectAutomatically)

            let list = try await Self.devices(["list"], on: environment, data: data)
            #expect(list.status == 0, "stderr: \(list.error)")
            #expect(list.output.contains("Remembered strap: Polar H10 1234 (C0:FF:EE:00:00:01), the hub connects it."))
            #expect(list.output.contains("64%"))

            let disconnect = try await Self.devices(["disconnect"], on: environment, data: data)
            #expect(disconnect.status == 0, "stderr: \(disconnect.error)")
            #expect(
                disconnect.output
                    == "Disconnected Polar H10 1234 (C0:FF:EE:00:00:01). "
                    + "The hub leaves it alone until 'stayfit devices connect C0:FF:EE:00:00:01'.\n",
                "\(disconnect.output)")
            #expect(try await strap.deviceCalls("Disconnect") == 1)
            #expect(try await scratch.store().rememberedDevice(.heartRate)?.connectAutomatically == false)

            let forget = try await Self.devices(["forget"], on: environment, data: data)
            #expect(forget.status == 0, "stderr: \(forget.error)")
            #expect(try await scratch.store().rememberedDevice(.heartRate) == nil)
        }
    }

    @Test func connectRefusesABadAddressAMissingStrapAndADeviceWithoutHeartRate() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            try await environment.bluez(
                "/", "org.bluez.Mock", "AddDevice", signature: "sss",
                [.string("hci0"), .string("C0:FF:EE:00:00:09"), .string("Kitchen speaker")])
            try await environment.bluez(
                "/org/bluez/hci0/dev_C0_FF_EE_00_00_09", "org.freedesktop.DBus.Mock", "UpdateProperties",
                signature: "sa{sv}",
                [
                    .string("org.bluez.Device1"),
                    .dictionary(["UUIDs": .strings(["0000110b-0000-1000-8000-00805f9b34fb"])]),
                ])
            let scratch = try Scratch()
            let data = scratch.path("data")

            let bad = try await Self.devices(["connect", "Polar H10"], on: environment, data: data)
            #expect(bad.status == 64)
            #expect(bad.error.contains("\"Polar H10\" is not a Bluetooth address"), "\(bad.error)")

            let missing = try await Self.devices(
                ["connect", "C0:FF:EE:00:00:05", "--seconds", "1"], on: environment, data: data)
            #expect(missing.status == 1)
            #expect(
                missing.error.contains("No Bluetooth device C0:FF:EE:00:00:05 was found in 1 second."),
                "\(missing.error)")

            let speaker = try await Self.devices(["connect", "C0:FF:EE:00:00:09"], on: environment, data: data)
            #expect(speaker.status == 1)
            #expect(speaker.error.contains("C0:FF:EE:00:00:09 is not a heart-rate strap"), "\(speaker.error)")
            #expect(try await scratch.store().rememberedDevice(.heartRate) == nil, "nothing remembered after a failure")
        }
    }

    @Test func theAdapterComesFromTheHubsConfigurationUnlessGiven() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let scratch = try Scratch()
            let config = try scratch.write("stayfit.toml", "[plugins.heart-rate]\nadapter = \"hci1\"\n")
            let configured = try await Self.devices(
                ["list", "--config", config], on: environment, data: scratch.path("data"))
            #expect(configured.status == 1)
            #expect(configured.error.contains("BlueZ has no Bluetooth adapter hci1"), "\(configured.error)")
            let given = try await Self.devices(
                ["list", "--config", config, "--adapter", "hci0"], on: environment, data: scratch.path("data"))
            #expect(given.status == 0, "stderr: \(given.error)")
            #expect(given.output.contains("Polar H10 1234"))
        }
    }

    @Test func withoutBlueZTheCommandsSaySoAndFail() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(
            ["devices", "scan", "--seconds", "1", "--data-dir", scratch.path("data")],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        #expect(result.status == 1)
        #expect(result.error.contains("org.freedesktop.DBus.Error.ServiceUnknown"), "\(result.error)")
        #expect(result.error.contains("systemctl start bluetooth"), "\(result.error)")
    }

    @Test func scanPairListAndForgetFitnessSensorsWithTheirKindInWords() async throws {
        try await withBlueZMock { environment in
            _ = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:05", name: "KICKR 9999", kind: .indoorBike)
            _ = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:06", name: "Wahoo SPEED", kind: .speedCadence)
            let scratch = try Scratch()
            let data = scratch.path("data")

            let scan = try await Self.devices(["scan", "--seconds", "1"], on: environment, data: data)
            #expect(scan.status == 0, "stderr: \(scan.error)")
            let lines = scan.output.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("C0:FF:EE:00:00:05") && $0.contains("  Fitness machine  ") })
            #expect(
                lines.contains {
                    $0.hasPrefix("C0:FF:EE:00:00:06") && $0.contains("  Speed and cadence sensor  ")
                        && $0.hasSuffix("Wahoo SPEED")
                }, "\(scan.output)")
            #expect(scan.output.contains("Found 2 fitness sensors."), "\(scan.output)")

            let pair = try await Self.devices(["pair", "c0:ff:ee:00:00:05"], on: environment, data: data)
            #expect(pair.status == 0, "stderr: \(pair.error)")
            #expect(
                pair.output.contains(
                    "Paired KICKR 9999 (C0:FF:EE:00:00:05), smart trainer. The hub now uses it as its fitness machine."),
                "\(pair.output)")
            let role = RememberedDevice.Role(rawValue: "fitness-machine")
            #expect(try await scratch.store().rememberedDevice(role)?.address == "C0:FF:EE:00:00:05")

            let list = try await Self.devices(["list"], on: environment, data: data)
            #expect(list.status == 0, "stderr: \(list.error)")
            #expect(
                list.output.contains(
                    "Remembered fitness machine: KICKR 9999 (C0:FF:EE:00:00:05), the hub connects it."),
                "\(list.output)")
            #expect(list.output.contains("KICKR 9999  (the hub's)"), "\(list.output)")

            let forget = try await Self.devices(["forget", "C0:FF:EE:00:00:05"], on: environment, data: data)
            #expect(forget.status == 0, "stderr: \(forget.error)")
            #expect(forget.output.contains("Forgot KICKR 9999 (C0:FF:EE:00:00:05), the hub's fitness machine."))
            #expect(try await scratch.store().rememberedDevice(role) == nil)
        }
    }

    @Test func disconnectReleasesARememberedFitnessSensorUntilItIsPairedAgain() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:05", name: "KICKR 9999", kind: .indoorBike)
            let scratch = try Scratch()
            let data = scratch.path("data")
            let role = RememberedDevice.Role(rawValue: "fitness-machine")
            let pair = try await Self.devices(["pair", "C0:FF:EE:00:00:05"], on: environment, data: data)
            #expect(pair.status == 0, "stderr: \(pair.error)")

            let disconnect = try await Self.devices(["disconnect", "c0:ff:ee:00:00:05"], on: environment, data: data)
            #expect(disconnect.status == 0, "stderr: \(disconnect.error)")
            #expect(
                disconnect.output
                    == "Disconnected KICKR 9999 (C0:FF:EE:00:00:05). "
                    + "The hub leaves it alone until 'stayfit devices pair C0:FF:EE:00:00:05'.\n",
                "\(disconnect.output)")
            #expect(try await trainer.deviceCalls("Disconnect") == 1)
            let released = try #require(try await scratch.store().rememberedDevice(role))
            #expect(released.address == "C0:FF:EE:00:00:05", "still remembered")
            #expect(!released.connectAutomatically)
            let list = try await Self.devices(["list"], on: environment, data: data)
            #expect(
                list.output.contains(
                    "Remembered fitness machine: KICKR 9999 (C0:FF:EE:00:00:05), the hub leaves it alone."),
                "\(list.output)")

            let again = try await Self.devices(["pair", "C0:FF:EE:00:00:05"], on: environment, data: data)
            #expect(again.status == 0, "stderr: \(again.error)")
            #expect(try await scratch.store().rememberedDevice(role)?.connectAutomatically == true)
        }
    }

    @Test func disconnectRefusesAnAddressThatIsNoneOrNotRemembered() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:05", name: "KICKR 9999", kind: .indoorBike)
            let scratch = try Scratch()
            let data = scratch.path("data")

            let bad = try await Self.devices(["disconnect", "KICKR"], on: environment, data: data)
            #expect(bad.status == 64)
            #expect(bad.error.contains("\"KICKR\" is not a Bluetooth address"), "\(bad.error)")

            let unknown = try await Self.devices(["disconnect", "C0:FF:EE:00:00:05"], on: environment, data: data)
            #expect(unknown.status == 1)
            #expect(
                unknown.error.contains(
                    "No remembered device has the address C0:FF:EE:00:00:05, so there is none to disconnect."),
                "\(unknown.error)")
            #expect(try await trainer.deviceCalls("Disconnect") == 0, "a sensor the hub does not keep is not touched")
        }
    }

    /// `devices test`: the sensor's live values as the hub decodes them, without a running hub.
    @Test func testShowsAPowerMetersLiveValues() async throws {
        try await withBlueZMock { environment in
            let meter = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:07", name: "Assioma 5678", kind: .power)
            async let test = StayfitProcess.run(
                ["devices", "test", "c0:ff:ee:00:00:07", "--seconds", "15"],
                environment: ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address])
            try await eventually("the test to subscribe") { try await meter.isNotifying() }
            // Flags 0x0000, then 200 W as a little-endian SInt16.
            try await meter.notify([0x00, 0x00, 0xc8, 0x00])
            let result = try await test
            #expect(result.status == 0, "stderr: \(result.error)")
            #expect(result.output.hasPrefix("Following C0:FF:EE:00:00:07 for 15 seconds …\n"), "\(result.output)")
            #expect(
                result.output.contains(" Assioma 5678 (C0:FF:EE:00:00:07): connected, Power meter"), "\(result.output)")
            #expect(result.output.contains(" Power 200 W\n"), "\(result.output)")
            #expect(result.output.hasSuffix("Done.\n"), "\(result.output)")
        }
    }

    @Test func testSaysWhatAMachineMeasuresAndWhichTargetsItTakes() async throws {
        try await withBlueZMock { environment in
            // Fitness Machine Feature: machine 0x00004002 (cadence, power), targets 0x0000000C (resistance, power).
            _ = try await MockFitnessSensor.add(
                to: environment, address: "C0:FF:EE:00:00:05", name: "KICKR 9999", kind: .indoorBike,
                feature: [0x02, 0x40, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x00])
            let result = try await StayfitProcess.run(
                ["devices", "test", "c0:ff:ee:00:00:05", "--seconds", "8"],
                environment: ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address])
            #expect(result.status == 0, "stderr: \(result.error)")
            #expect(
                result.output.contains(
                    " KICKR 9999 (C0:FF:EE:00:00:05): connected, Smart trainer; measures cadence and power; "
                        + "takes resistance and power targets\n"), "\(result.output)")
        }
    }

    @Test func testRefusesAnAddressThatIsNone() async throws {
        let result = try await StayfitProcess.run(["devices", "test", "not-an-address"])
        #expect(result.status != 0)
        #expect(result.error.contains("\"not-an-address\" is not a Bluetooth address."), "\(result.error)")
    }
}
