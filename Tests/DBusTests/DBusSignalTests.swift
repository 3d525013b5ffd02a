import BlueZTestKit
import DBus
import Testing

/// Signals: match rules, the signal stream, and NameOwnerChanged tracking.
@Suite struct DBusSignalTests {
    @Test func propertiesChangedArrivesWithItsDictionaryDecoded() async throws {
        try await withBlueZMock { env in
            _ = try await env.addAdapter()
            let device = try #require(
                try await env.bluez(
                    "/", "org.bluez.Mock", "AddDevice", signature: "sss",
                    [.string("hci0"), .string("C0:FF:EE:00:00:01"), .string("Polar H10 1234")]
                ).first?.string)
            try await env.connection.addMatch(
                "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',"
                    + "member='PropertiesChanged',path_namespace='/org/bluez'")
            let signals = env.connection.signals(
                interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged")

            try await env.bluez(
                device, "org.freedesktop.DBus.Mock", "UpdateProperties", signature: "sa{sv}",
                [.string("org.bluez.Device1"), .dictionary(["RSSI": .int16(-42), "ServicesResolved": .bool(true)])])

            let signal = try await nextElement(of: signals) { $0.path == device }
            #expect(signal.arguments.first == .string("org.bluez.Device1"))
            let changed = try #require(signal.arguments.dropFirst().first?.dictionary)
            #expect(changed["RSSI"]?.int16 == -42)
            #expect(changed["ServicesResolved"]?.bool == true)
            #expect(signal.sender == (try await env.connection.nameOwner(of: "org.bluez")))
        }
    }

    @Test func signalsOutsideTheMatchRulesAreNotDelivered() async throws {
        try await withBlueZMock { env in
            let adapter = try await env.addAdapter()
            // Only Adapter1 changes are wanted from the bus; the device update below must not show up.
            try await env.connection.addMatch(
                "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(adapter)'"
            )
            let signals = env.connection.signals(member: "PropertiesChanged")
            let device = try #require(
                try await env.bluez(
                    "/", "org.bluez.Mock", "AddDevice", signature: "sss",
                    [.string("hci0"), .string("C0:FF:EE:00:00:02"), .string("Other")]
                ).first?.string)
            try await env.bluez(
                device, "org.freedesktop.DBus.Mock", "UpdateProperties", signature: "sa{sv}",
                [.string("org.bluez.Device1"), .dictionary(["RSSI": .int16(-50)])])
            try await env.bluez(
                adapter, "org.freedesktop.DBus.Mock", "UpdateProperties", signature: "sa{sv}",
                [.string("org.bluez.Adapter1"), .dictionary(["Alias": .string("Gym")])])

            // Signals arrive in order, so the first one seen must already be the adapter's.
            let first = try await nextElement(of: signals)
            #expect(first.path == adapter)
            #expect(first.arguments.dropFirst().first?.dictionary?["Alias"]?.string == "Gym")
        }
    }

    @Test func malformedMatchRuleIsRejectedByTheBus() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let connection = try await DBusConnection(address: DBusAddress(bus.address))
        defer { connection.close() }
        let error = await #expect(throws: DBusError.self) { try await connection.addMatch("type='signal',bogus") }
        #expect(error?.name == DBusError.Name.matchRuleInvalid)
    }

    @Test func nameOwnerChangesReportBlueZLeavingAndComingBack() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let connection = try await DBusConnection(address: DBusAddress(bus.address))
        defer { connection.close() }
        let first = try BlueZMock(bus: bus)
        defer { first.stop() }
        try await waitForOwner(of: "org.bluez", on: connection, log: { first.log })
        let owner = try await connection.nameOwner(of: "org.bluez")

        let changes = try await connection.nameOwnerChanges(of: "org.bluez")
        first.stop()
        let lost = try await nextElement(of: changes)
        #expect(lost == DBusNameOwnerChange(name: "org.bluez", oldOwner: owner, newOwner: nil))
        #expect(!lost.isOwned)
        #expect(try await connection.nameOwner(of: "org.bluez") == nil)

        let second = try BlueZMock(bus: bus)
        defer { second.stop() }
        let back = try await nextElement(of: changes, within: TestDeadline.hang)
        #expect(back.isOwned)
        #expect(back.oldOwner == nil)
        #expect(back.newOwner != owner)
        #expect(try await connection.nameOwner(of: "org.bluez") == back.newOwner)
    }
}
