import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// "v5: open device roles": a database from before it keeps its remembered strap and takes any role afterwards.
@Suite struct DeviceRolesMigrationTests {
    static let v4 = "v4: remembered devices"
    /// A strap as the v4 hub stored it (`stayfit devices connect`, then `disconnect`).
    static let strapRow = """
        INSERT INTO devices (role, address, name, connect_automatically, remembered_at)
        VALUES ('heart-rate', 'C0:FF:EE:00:00:01', 'Polar H10 1234', 0, 1795000000.5)
        """

    static let powerMeter = RememberedDevice(
        role: .power, address: "C0:FF:EE:00:00:0A", name: "Assioma Duo",
        rememberedAt: Date(timeIntervalSince1970: 1_796_000_000))

    @Test func aVersion4DatabaseKeepsItsStrapAndItsChangeCounterAndTakesNewRoles() async throws {
        let directory = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: directory.url.appendingPathComponent(HubStore.fileName).path, upTo: Self.v4, then: Self.strapRow)

        let store = try HubStore(directory: directory.url)

        await #expect(
            try store.rememberedDevice(.heartRate)
                == RememberedDevice(
                    role: .heartRate, address: "C0:FF:EE:00:00:01", name: "Polar H10 1234", connectAutomatically: false,
                    rememberedAt: Date(timeIntervalSince1970: 1_795_000_000.5)))
        // The insert at v4 counted once; rebuilding the table is no change anyone must notice.
        await #expect(try store.changeVersions()[.devices] == 1)

        try await store.remember(Self.powerMeter)
        await #expect(try store.rememberedDevice(.power) == Self.powerMeter)
        await #expect(try store.rememberedDevice(.heartRate)?.address == "C0:FF:EE:00:00:01", "one device per role")
        await #expect(try store.rowCounts()["devices"] == 2)
        // The triggers were made again for the new table: insert, update and delete each count.
        try await store.setConnectAutomatically(true, for: .heartRate)
        try await store.forgetDevice(.power)
        await #expect(try store.changeVersions()[.devices] == 4)
    }

    @Test func beforeVersion5OnlyAHeartRateStrapCouldBeRemembered() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent(HubStore.fileName).path
        // What v5 lifts: the CHECK that refused every role but 'heart-rate'.
        #expect(throws: (any Error).self) {
            try Schema.makeDatabase(
                at: path, upTo: Self.v4,
                then: "INSERT INTO devices (role, address, name, remembered_at) VALUES ('power', 'A', 'B', 0)")
        }
        let store = try HubStore(directory: directory.url)
        try await store.remember(Self.powerMeter)
        await #expect(try store.rememberedDevice(.power) == Self.powerMeter)
    }

    @Test func aRoleOfAKindNoPluginKnowsYetIsStoredAndReadBack() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let rower = RememberedDevice.Role(rawValue: "rowing-machine")
        try await store.remember(
            RememberedDevice(
                role: rower, address: "C0:FF:EE:00:00:0B", name: "Rower", rememberedAt: Date(timeIntervalSince1970: 0)))
        await #expect(try store.rememberedDevice(rower)?.name == "Rower")
        await #expect(try store.rememberedDevice(.treadmill) == nil)
    }
}
