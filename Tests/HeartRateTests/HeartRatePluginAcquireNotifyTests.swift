import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import HeartRate

/// Notifications through the socket AcquireNotify returns, with StartNotify as the fallback.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginAcquireNotifyTests {
    @Test func readsPayloadsFromTheAcquiredSocketWithoutStartNotify() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await strap.addAcquireNotify()
            let clock = ManualClock()
            try await withHeartRatePlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.push([0x16, 0x48, 0x55, 0x03])
                try await strap.push([0x01, 0x48])  // malformed: dropped and counted
                try await strap.push([0x10, 0x50, 0x00, 0x03])
                try await harness.waitForReadings(2)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [72, 80])
                #expect(harness.readings.all.first?.rrIntervals1024 == [853])
                #expect(harness.plugin.malformedPayloadCount == 1)
                #expect(try await strap.characteristicCalls("StartNotify") == 0)
                #expect(try await !strap.isNotifying())
            }
        }
    }

    @Test func acquiresTheSocketAgainAfterBlueZHangsUp() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await strap.addAcquireNotify()
            try await withHeartRatePlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.push([0x00, 0x50])
                try await harness.waitForReadings(1)
                try await strap.hangUp()
                try await harness.waitForStatus(.lost)
                try await harness.waitForStatus(.restored)
                try await strap.push([0x00, 0x64])
                try await harness.waitForReadings(2)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [80, 100])
                #expect(try await strap.characteristicCalls("AcquireNotify") == 2)
            }
        }
    }

    @Test func fallsBackToStartNotifyWhenAcquireNotifyIsRefused() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await environment.bluez(
                strap.characteristicPath, "org.freedesktop.DBus.Mock", "AddMethod", signature: "sssss",
                [
                    .string("org.bluez.GattCharacteristic1"), .string("AcquireNotify"), .string("a{sv}"),
                    .string("hq"),
                    .string(
                        #"raise dbus.exceptions.DBusException("Notify acquired", name="org.bluez.Error.NotPermitted")"#),
                ])
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.notify([0x00, 0x5a])
                try await harness.waitForReadings(1)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [90])
                #expect(try await strap.characteristicCalls("AcquireNotify") == 1)
                #expect(try await strap.isNotifying())
            }
        }
    }
}
