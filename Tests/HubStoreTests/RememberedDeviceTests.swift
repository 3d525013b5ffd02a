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

    @Test func aRememberedStrapIsReadBackAndReplacedByTheNextOne() throws {
        #expect(try store.rememberedDevice(.heartRate) == nil)
        try store.remember(Self.strap)
        #expect(try store.rememberedDevice(.heartRate) == Self.strap)
        var other = Self.strap
        other.address = "C0:FF:EE:00:00:02"
        other.name = "Wahoo TICKR"
        try store.remember(other)
        #expect(try store.rememberedDevice(.heartRate) == other)
        #expect(try store.rowCounts()["devices"] == 1)
    }

    @Test func disconnectingKeepsTheStrapButTurnsAutomaticConnectionOff() throws {
        #expect(try !store.setConnectAutomatically(false, for: .heartRate), "nothing remembered yet")
        try store.remember(Self.strap)
        #expect(try store.setConnectAutomatically(false, for: .heartRate))
        #expect(try store.rememberedDevice(.heartRate)?.connectAutomatically == false)
        #expect(try store.setConnectAutomatically(true, for: .heartRate))
        #expect(try store.rememberedDevice(.heartRate)?.connectAutomatically == true)
    }

    @Test func forgettingRemovesTheStrapAndSaysWhetherThereWasOne() throws {
        try store.remember(Self.strap)
        #expect(try store.forgetDevice(.heartRate))
        #expect(try store.rememberedDevice(.heartRate) == nil)
        #expect(try !store.forgetDevice(.heartRate))
    }

    @Test func everyChangeBumpsTheDevicesCounterSoTheRunningHubNotices() throws {
        try store.remember(Self.strap)
        try store.setConnectAutomatically(false, for: .heartRate)
        try store.forgetDevice(.heartRate)
        #expect(try store.changeVersions()[.devices] == 3)
        #expect(try store.changeVersions()[.profile] == 0)
    }

    @Test func resetForgetsTheStrap() throws {
        try store.remember(Self.strap)
        try store.deleteAllUserData()
        #expect(try store.rememberedDevice(.heartRate) == nil)
    }
}
