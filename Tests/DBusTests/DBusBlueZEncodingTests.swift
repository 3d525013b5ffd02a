import BlueZTestKit
import DBus
import Testing

/// Encoding arguments the way the heart-rate plugin will: a{sv} filters and boolean properties.
@Suite struct DBusBlueZEncodingTests {
    static let heartRateService = "0000180d-0000-1000-8000-00805f9b34fb"

    @Test func discoveryFilterIsSentAsStringVariantDictionaryAndDiscoveryStarts() async throws {
        try await withBlueZMock { env in
            let adapter = try await env.addAdapter()
            let filter = DBusValue.dictionary([
                "UUIDs": .strings([Self.heartRateService]),
                "Transport": .string("le"),
                "DuplicateData": .bool(false),
                "RSSI": .int16(-90),
            ])
            // The mock's StartDiscovery only works after SetDiscoveryFilter (TECHREF §4 quirk 1).
            try await env.bluez(adapter, "org.bluez.Adapter1", "SetDiscoveryFilter", signature: "a{sv}", [filter])
            try await env.bluez(adapter, "org.bluez.Adapter1", "StartDiscovery")

            let discovering = try await env.connection.property(
                "Discovering", interface: "org.bluez.Adapter1", path: adapter, destination: "org.bluez")
            #expect(discovering == .bool(true))

            // What the peer received, as recorded by dbusmock: a(tav) of (timestamp, arguments).
            let calls = try await env.bluez(
                adapter, "org.freedesktop.DBus.Mock", "GetMethodCalls", signature: "s", [.string("SetDiscoveryFilter")])
            let recorded = try #require(calls.first?.array?.first?.structure?[1].array?.first?.dictionary)
            #expect(recorded["UUIDs"]?.strings == [Self.heartRateService])
            #expect(recorded["Transport"]?.string == "le")
            #expect(recorded["DuplicateData"]?.bool == false)
            #expect(recorded["RSSI"]?.int16 == -90)
        }
    }

    @Test func booleanPropertyIsSetThroughAVariant() async throws {
        try await withBlueZMock { env in
            let adapter = try await env.addAdapter()
            try await env.connection.setProperty(
                "Powered", to: .bool(false), interface: "org.bluez.Adapter1", path: adapter, destination: "org.bluez")
            let properties = try await env.connection.properties(
                interface: "org.bluez.Adapter1", path: adapter, destination: "org.bluez")
            #expect(properties["Powered"] == .bool(false))

            try await env.bluez(
                adapter, "org.freedesktop.DBus.Properties", "Set", signature: "ssv",
                [.string("org.bluez.Adapter1"), .string("Powered"), .variant(.bool(true))])
            #expect(
                try await env.connection.property(
                    "Powered", interface: "org.bluez.Adapter1", path: adapter, destination: "org.bluez") == .bool(true))
        }
    }
}
