import Foundation
import HubStore
import HubTestKit
import Testing

@Suite struct RememberedDeviceTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    static let strap = RememberedDevice(
        role: .heartRate, address: "C0:FF:EE:00:00:01", name: "Polar H10 1234",
        rememberedAt: Date(timeIntervalSince1970: 1_795_000_000))

    @Test func aRememberedStrapIsReadBackAndReplacedByTheNextOne() async throws {
        #expect(try await store.rememberedDevice(.heartRate) == nil)
        try await store.remember(Self.strap)
        #expect(try await store.rememberedDevice(.heartRate) == Self.strap)
        var other = Self.strap
        other.address = "C0:FF:EE:00:00:02"
        other.name = "Wahoo TICKR"
        try await store.remember(other)
        #expect(try await store.rememberedDevice(.heartRate) == other)
        #expect(try await store.rowCounts()["devices"] == 1)
    }

    @Test func disconnectingKeepsTheStrapButTurnsAutomaticConnectionOff() async throws {
        #expect(try await !store.setConnectAutomatically(false, for: .heartRate), "nothing remembered yet")
        try await store.remember(Self.strap)
        #expect(try await store.setConnectAutomatically(false, for: .heartRate))
        #expect(try await store.rememberedDevice(.heartRate)?.connectAutomatically == false)
        #expect(try await store.setConnectAutomatically(true, for: .heartRate))
        #expect(try await store.rememberedDevice(.heartRate)?.connectAutomatically == true)
    }

    @Test func forgettingRemovesTheStrapAndSaysWhetherThereWasOne() async throws {
        try await store.remember(Self.strap)
        #expect(try await store.forgetDevice(.heartRate))
        #expect(try await store.rememberedDevice(.heartRate) == nil)
        #expect(try await !store.forgetDevice(.heartRate))
    }

    @Test func everyChangeBumpsTheDevicesCounterSoTheRunningHubNotices() async throws {
        try await store.remember(Self.strap)
        try await store.setConnectAutomatically(false, for: .heartRate)
        try await store.forgetDevice(.heartRate)
        #expect(try await store.changeVersions()[.devices] == 3)
        #expect(try await store.changeVersions()[.profile] == 0)
    }

    @Test func resetForgetsTheStrap() async throws {
        try await store.remember(Self.strap)
        try await store.deleteAllUserData()
        #expect(try await store.rememberedDevice(.heartRate) == nil)
    }
}
