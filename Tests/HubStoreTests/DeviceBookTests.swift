import Foundation
import HubStore
import HubTestKit
import Testing

/// The store's `DeviceBook`, which `stayfit devices` and the web app's sensors page both change the choice through.
@Suite struct DeviceBookTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    static func device(_ role: RememberedDevice.Role, _ address: String, _ name: String) -> RememberedDevice {
        RememberedDevice(
            role: role, address: address, name: name, rememberedAt: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test func everyRememberedDeviceIsListedInRoleOrder() async throws {
        let power = Self.device(.power, "C0:FF:EE:00:00:07", "Assioma 5678")
        let strap = Self.device(.heartRate, "C0:FF:EE:00:00:01", "Polar H10 1234")
        try await store.remember(power)
        try await store.remember(strap)
        #expect(try await store.rememberedDevices() == [strap, power])
    }

    @Test func aDeviceAtAnAddressIsASensorsRoleBeforeTheStrapsAndNeverTheGPSReceivers() async throws {
        let strap = Self.device(.heartRate, "C0:FF:EE:00:00:05", "Dual")
        let power = Self.device(.power, "C0:FF:EE:00:00:05", "Dual")
        try await store.remember(strap)
        try await store.remember(Self.device(.location, "C0:FF:EE:00:00:09", "GPS"))
        #expect(try await store.rememberedDevice(at: "C0:FF:EE:00:00:05") == strap)
        try await store.remember(power)
        #expect(try await store.rememberedDevice(at: "C0:FF:EE:00:00:05") == power)
        #expect(try await store.rememberedDevice(at: "C0:FF:EE:00:00:09") == nil)
        #expect(try await store.rememberedDevice(at: "C0:FF:EE:00:00:42") == nil)
    }

    @Test func rememberingSaysWhichDeviceAtAnotherAddressItReplaced() async throws {
        let first = Self.device(.heartRate, "C0:FF:EE:00:00:01", "Polar H10 1234")
        #expect(try await store.rememberReplacing(first) == nil)
        #expect(try await store.rememberReplacing(first) == nil, "the same strap again replaces nothing to release")
        let second = Self.device(.heartRate, "C0:FF:EE:00:00:02", "Wahoo TICKR")
        #expect(try await store.rememberReplacing(second) == first)
        #expect(try await store.rememberedDevice(.heartRate) == second)
    }
}
