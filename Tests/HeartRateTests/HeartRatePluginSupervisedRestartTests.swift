import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import HeartRate

/// The heart-rate plugin as a supervised plugin: after a restart it still follows `stayfit devices`.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginSupervisedRestartTests {
    @Test func afterASupervisedRestartTheRememberedStrapIsTakenWhenTheStoreSaysSo() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            let clock = ManualClock()
            let (context, directory) = try PluginContext.test(clock: clock)
            defer { withExtendedLifetime(directory) {} }
            // Switched off with `stayfit devices disconnect`: the plugin says so and leaves Bluetooth alone.
            try await context.hubStore.remember(
                RememberedDevice(
                    role: .heartRate, address: MockStrap.firstAddress, name: "Strap", connectAutomatically: false,
                    rememberedAt: Date(timeIntervalSince1970: 1_790_000_000)))
            let statuses = Recorder<SensorStatusChanged>()
            let stream = context.bus.inbox(of: SensorStatusChanged.self, subscriber: "test")
            let address = DBusAddress(environment.bus.address)
            func waitForStatus(_ status: SensorStatusChanged.Status, count: Int = 1) async throws {
                try await eventually { statuses.all.filter { $0.status == status }.count >= count }
            }

            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for await status in stream { statuses.append(status) } }
                defer { group.cancelAll() }
                try await withSupervisedRestart(of: HeartRatePlugin.id, clock: clock, bus: context.bus) {
                    HeartRatePlugin(configuration: .init(), context: context, busAddress: address)
                } _: { restart in
                    try await waitForStatus(.disconnected)
                    try await restart.failFirstRunAndRestart()
                    // The restarted run subscribes to store changes before it reads the choice and says "disconnected".
                    try await waitForStatus(.disconnected, count: 2)

                    try await context.hubStore.setConnectAutomatically(true, for: .heartRate)
                    context.bus.publish(StoreChanged(section: .devices))
                    try await waitForStatus(.connected)
                    #expect(statuses.all.map(\.status) == [.disconnected, .disconnected, .connecting, .connected])
                    #expect(try await strap.deviceCalls("Connect") == 1)
                }
            }
        }
    }
}
