import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import HeartRate

/// Floods of StartNotify notifications (one PropertiesChanged signal each): every notification is published or
/// counted as lost, none is lost unseen. Notifications are numbered (their Energy Expended), so a test can tell which.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginFloodTests {
    /// The numbers of the readings published so far.
    private func numbers(_ harness: PluginHarness) -> [Int] {
        harness.readings.all.compactMap(\.energyExpendedKilojoules)
    }

    @Test func aFloodAtTheMocksFullSpeedIsPublishedOrCountedToTheLastNotification() async throws {
        let count = 5000
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await strap.addNotifyNumbered()
            // Room for every reading: a loss on the hub's own bus would be counted, but is not what this test is about.
            let bus = MessageBus(capacity: count)
            try await withHeartRatePlugin(on: environment, clock: ManualClock(), bus: bus) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.notifyNumbered(count: count)
                try await eventually(timeout: TestDeadline.hang) {
                    harness.readings.all.count + harness.plugin.lostNotificationCount >= count
                }
                // One more, after the flood: once it is in, nothing of the flood can still be on its way.
                try await strap.notifyNumbered(from: count + 1, count: 1)
                try await eventually { numbers(harness).last == count + 1 }
                let published = numbers(harness).dropLast()
                #expect(published.count + harness.plugin.lostNotificationCount == count)
                #expect(zip(published, published.dropFirst()).allSatisfy { $0 < $1 }, "in order, none twice")
                #expect(bus.droppedMessageCount == 0)
                #expect(harness.plugin.malformedPayloadCount == 0)
            }
        }
    }

    @Test func aBurstThatOverflowsTheBufferIsCountedExactlyAndTheNewestAreKept() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            // 1,000 notifications arrive while the plugin is still connecting and reads none: a buffer of 100 keeps
            // the newest 100 and must count the other 900 as lost.
            try await strap.notifyWhileBodySensorLocationIsRead(count: 1000)
            let bus = MessageBus(capacity: 2000)
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(), bus: bus, signalBuffer: 100
            ) { harness in
                try await harness.waitForStatus(.connected)
                try await eventually { harness.readings.all.count + harness.plugin.lostNotificationCount >= 1000 }
                #expect(harness.plugin.lostNotificationCount == 900)
                #expect(numbers(harness) == Array(901...1000))
            }
        }
    }

    @Test func theDefaultBufferHoldsABurstOfFiveThousandWhileThePluginIsBusy() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            // 2.5 s of a 2 kHz flood, arriving while the plugin reads none of it (the old 1,024 lost 3,976 here).
            try await strap.notifyWhileBodySensorLocationIsRead(count: 5000)
            let bus = MessageBus(capacity: 10_000)
            try await withHeartRatePlugin(on: environment, clock: ManualClock(), bus: bus) { harness in
                try await harness.waitForStatus(.connected)
                try await eventually { harness.readings.all.count + harness.plugin.lostNotificationCount >= 5000 }
                #expect(harness.plugin.lostNotificationCount == 0)
                #expect(numbers(harness) == Array(1...5000))
            }
        }
    }
}
