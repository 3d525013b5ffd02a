import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import HeartRate

/// What the plugin tells about the strap besides heart rate: battery, where it is worn, the adapter's power.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginStrapTests {
    @Test func aConnectionCarriesTheBatteryLevelAndWhereTheStrapIsWorn() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment, batteryPercent: 85)
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                let connected = try #require(harness.statuses.all.last)
                #expect(connected.batteryPercent == 85)
                #expect(connected.detail == "worn on the chest")
                #expect(harness.announcements.all.isEmpty, "85 % is not low")
            }
        }
    }

    @Test func withoutBlueZsBatteryInterfaceTheBatteryLevelCharacteristicIsRead() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment, batteryPercent: nil, batteryLevel: 12)
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                #expect(harness.statuses.all.last?.batteryPercent == 12)
                try await eventually { harness.announcements.all.count == 1 }
                #expect(harness.announcements.all.first?.text == "Heart-rate strap battery low: 12%.")
            }
        }
    }

    @Test func aLowBatteryIsAnnouncedOnceAndAgainTenPointsLower() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment, batteryPercent: 30)
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                for percent: UInt8 in [20, 15, 10, 9] { try await strap.setBattery(percent) }
                try await harness.waitForStatus(.battery, count: 4)
                #expect(
                    harness.statuses.all.compactMap { $0.status == .battery ? $0.batteryPercent : nil } == [
                        20, 15, 10, 9,
                    ])
                try await eventually { harness.announcements.all.count == 2 }
                #expect(
                    harness.announcements.all == [
                        Announcement("Heart-rate strap battery low: 20%.", priority: .important),
                        Announcement("Heart-rate strap battery low: 10%.", priority: .important),
                    ])
            }
        }
    }

    @Test func theAdapterSwitchedOffIsALossAndSwitchedOnAgainARestoredLink() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            let clock = ManualClock()
            try await withHeartRatePlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected)
                // What bluetoothd does when the adapter is powered off: Powered false, every device disconnected.
                try await setPowered(false, in: environment)
                try await strap.updateDevice(["Connected": .bool(false)])
                try await harness.waitForStatus(.lost)
                #expect(
                    harness.statuses.all.first { $0.status == .lost }?.detail
                        == "the Bluetooth adapter hci0 was switched off")
                let attempts = try await strap.deviceCalls("Connect")
                // One backoff later the plugin tries again; that attempt ends when it logs why it failed.
                try await clock.waitForSleepers(1)
                clock.advance(by: .seconds(1))
                try await harness.waitForLog("heart-rate strap unavailable", count: 2)
                let second = harness.logs.all.filter { $0.message == "heart-rate strap unavailable" }.last
                #expect(
                    second?.metadata["reason"] == "the Bluetooth adapter hci0 is switched off (bluetoothctl power on)")
                #expect(try await strap.deviceCalls("Connect") == attempts, "no Connect while the adapter is off")
                try await setPowered(true, in: environment)
                try await clock.waitForSleepers(1)
                clock.advance(by: .seconds(2))
                try await harness.waitForStatus(.restored, timeout: TestDeadline.hang)
                try await strap.notify([0x00, 0x64])
                try await harness.waitForReadings(1)
                #expect(harness.statusList.filter { $0 == .lost }.count == 1)
            }
        }
    }

    private func setPowered(_ on: Bool, in environment: BlueZEnvironment) async throws {
        try await environment.bluez(
            "/org/bluez/hci0", "org.freedesktop.DBus.Mock", "UpdateProperties", signature: "sa{sv}",
            [.string("org.bluez.Adapter1"), .dictionary(["Powered": .bool(on)])])
    }
}

/// The strap remembered with `stayfit devices connect` (in the store) decides which strap the plugin follows.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginStrapChoiceTests {
    static let second = "C0:FF:EE:00:00:02"

    static func remembered(_ address: String, automatically: Bool = true) -> RememberedDevice {
        RememberedDevice(
            role: .heartRate, address: address, name: "Strap", connectAutomatically: automatically,
            rememberedAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    @Test func theRememberedStrapWinsOverTheFirstOneFound() async throws {
        try await withBlueZMock { environment in
            let first = try await MockStrap.add(to: environment)
            let second = try await MockStrap.add(to: environment, address: Self.second, name: "Wahoo TICKR")
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(), remembering: Self.remembered(Self.second)
            ) { harness in
                try await harness.waitForStatus(.connected)
                #expect(harness.statuses.all.last?.device == "Wahoo TICKR (\(Self.second))")
                #expect(try await first.deviceCalls("Connect") == 0)
                try await second.notify([0x00, 0x60])
                try await harness.waitForReadings(1)
                #expect(harness.readings.all.first?.source == Self.second)
            }
        }
    }

    @Test func anotherRememberedStrapIsTakenAtOnceWhenTheStoreSaysSo() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let second = try await MockStrap.add(to: environment, address: Self.second, name: "Wahoo TICKR")
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                #expect(harness.statuses.all.last?.device == "Polar H10 1234 (\(MockStrap.firstAddress))")
                try await harness.context.hubStore.remember(Self.remembered(Self.second))
                harness.context.bus.publish(StoreChanged(section: .devices))
                try await harness.waitForStatus(.connected, count: 2)
                #expect(harness.statuses.all.last?.device == "Wahoo TICKR (\(Self.second))")
                #expect(harness.statusList == [.connecting, .connected, .connecting, .connected])
                try await second.notify([0x00, 0x60])
                try await harness.waitForReadings(1)
                #expect(harness.readings.all.map(\.source) == [Self.second])
            }
        }
    }

    @Test func aStrapSwitchedOffIsLeftAloneUntilSwitchedOnAgain() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(),
                remembering: Self.remembered(MockStrap.firstAddress, automatically: false)
            ) { harness in
                try await harness.waitForStatus(.disconnected)
                #expect(
                    harness.statuses.all.last?.detail?.contains("stayfit devices connect C0:FF:EE:00:00:01") == true)
                try await eventually { try await strap.deviceCalls("Disconnect") == 1 }
                #expect(try await strap.deviceCalls("Connect") == 0)
                try await harness.context.hubStore.setConnectAutomatically(true, for: .heartRate)
                harness.context.bus.publish(StoreChanged(section: .devices))
                try await harness.waitForStatus(.connected)
                #expect(try await strap.deviceCalls("Connect") == 1)
            }
        }
    }
}
