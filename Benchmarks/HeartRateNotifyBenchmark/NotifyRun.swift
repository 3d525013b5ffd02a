import BlueZTestKit
import DBus
import Foundation
import HeartRate
import HeartRateLog
import HubCore
import HubTestKit
import Synchronization

/// How BlueZ hands the plugin its notifications.
enum NotifyPath: String, CaseIterable {
    /// Payloads on a SOCK_SEQPACKET socket: no D-Bus message per notification.
    case acquireNotify = "AcquireNotify"
    /// One PropertiesChanged signal per notification, routed by dbus-daemon.
    case startNotify = "StartNotify"
}

/// What one path cost.
struct NotifyResult {
    let path: NotifyPath
    let count: Int
    let elapsed: Duration
    /// CPU per notification over the measured run (trigger calls included).
    let perNotification: CPUTime
    /// CPU of one empty trigger call (0 notifications), to show what the calls add.
    let perTriggerCall: CPUTime
    let droppedBusMessages: Int
    /// Seconds the heart-rate log holds afterwards (it keeps the first reading of each second).
    let loggedSeconds: Int
}

/// One strap, one plugin, one store: sends `count` notifications along `path` and measures the CPU they cost.
struct NotifyRun {
    let path: NotifyPath
    let count: Int
    let warmUp: Int
    /// Notifications per mock call. The plugin's socket reader buffers 256 payloads, so a burst no larger than that
    /// cannot lose any, however the threads are scheduled.
    let burst: Int
    /// A chest strap's typical payload: 72 bpm, skin contact, one RR interval.
    let payload: [UInt8] = [0x16, 0x48, 0x55, 0x03]

    func measure() async throws -> NotifyResult {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await prepare(strap, environment)
            // The hub's subscribers buffer 256 messages. At 60,000 readings a second the logger falls that far
            // behind while it writes to the store, and would drop some; a larger bound costs nothing per message.
            let (context, directory) = try PluginContext.test(clock: SystemClock(), bus: MessageBus(capacity: 4096))
            defer { withExtendedLifetime(directory) {} }
            try await context.hubStore.saveProfile(
                Profile(
                    name: "Bench", birthDate: "1990-01-01", gender: .other, heightCentimeters: 175, weightKilograms: 70,
                    heartRateMonitoring: true))
            let began = Date()
            let result = try await run(strap: strap, environment: environment, context: context)
            // The logger flushed what was pending when it was cancelled: count what reached the store.
            let points = try await context.hubStore.heartRate(
                from: began.addingTimeInterval(-60), to: Date().addingTimeInterval(60))
            return NotifyResult(
                path: path, count: count, elapsed: result.elapsed, perNotification: result.perNotification,
                perTriggerCall: result.perTriggerCall, droppedBusMessages: result.dropped,
                loggedSeconds: points.reduce(0) { $0 + $1.count })
        }
    }

    /// StartNotify: AcquireNotify refused as BlueZ refuses it (as in the plugin's fallback test), and a mock method
    /// that emits PropertiesChanged n times. AcquireNotify: a socket the mock writes n payloads to.
    private func prepare(_ strap: MockStrap, _ environment: BlueZEnvironment) async throws {
        switch path {
        case .acquireNotify:
            try await strap.addAcquireNotify()
        case .startNotify:
            try await environment.bluez(
                strap.characteristicPath, "org.freedesktop.DBus.Mock", "AddMethod", signature: "sssss",
                [
                    .string("org.bluez.GattCharacteristic1"), .string("AcquireNotify"), .string("a{sv}"), .string("hq"),
                    .string(
                        #"raise dbus.exceptions.DBusException("Notify acquired", name="org.bluez.Error.NotPermitted")"#),
                ])
            try await strap.addNotifyMany()
        }
    }

    private func send(_ strap: MockStrap, _ notifications: Int) async throws {
        switch path {
        case .acquireNotify: try await strap.push(payload, times: UInt32(notifications))
        case .startNotify: try await strap.notify(payload, times: UInt32(notifications))
        }
    }

    private struct Measured: Sendable {
        let elapsed: Duration
        let perNotification: CPUTime
        let perTriggerCall: CPUTime
        let dropped: Int
    }

    /// Runs the plugin and the heart-rate log plugin next to the driver; the first to finish decides, all are bounded.
    private func run(strap: MockStrap, environment: BlueZEnvironment, context: PluginContext) async throws -> Measured {
        let plugin = HeartRatePlugin(
            configuration: .init(), context: context, busAddress: DBusAddress(environment.bus.address))
        // Flushing every second rather than the hub's 10 s puts the store's writes inside the measured run.
        let logger = HeartRateLogPlugin(configuration: .init(), context: context, flushEvery: .seconds(1))
        let readings = context.bus.inbox(of: HeartRateMeasured.self, subscriber: "benchmark")
        let statuses = context.bus.inbox(of: SensorStatusChanged.self, subscriber: "benchmark")
        let received = Counter()
        let limit: Duration = .seconds(60) + .milliseconds(count + warmUp)
        return try await withThrowingTaskGroup(of: Measured?.self) { group in
            group.addTask {
                try await plugin.run()
                return nil
            }
            group.addTask {
                try await logger.run()
                return nil
            }
            group.addTask {
                try await Task.sleep(for: limit)
                throw BenchmarkError("\(path): \(received.value) of \(count + warmUp) readings within \(limit)")
            }
            group.addTask {
                _ = try await nextElement(of: statuses, within: .seconds(30)) { $0.status == .connected }
                var iterator = readings.makeAsyncIterator()
                // Waiting for each burst to arrive on the bus keeps every buffer on the way from overflowing.
                func deliver(_ notifications: Int) async throws {
                    var left = notifications
                    while left > 0 {
                        let size = min(burst, left)
                        try await send(strap, size)
                        for _ in 0..<size {
                            guard await iterator.next() != nil else { throw CancellationError() }
                            received.increment()
                        }
                        left -= size
                    }
                }
                try await deliver(warmUp)
                let pids = (daemon: environment.bus.pid, mock: environment.mock.pid)
                let before = try CPUTime.now(daemon: pids.daemon, mock: pids.mock)
                let started = ContinuousClock.now
                try await deliver(count)
                let elapsed = ContinuousClock.now - started
                let after = try CPUTime.now(daemon: pids.daemon, mock: pids.mock)
                // The same calls with nothing to send: what triggering alone costs the hub and dbus-daemon.
                let calls = 500
                for _ in 0..<calls { try await send(strap, 0) }
                let triggers = try CPUTime.now(daemon: pids.daemon, mock: pids.mock)
                return Measured(
                    elapsed: elapsed, perNotification: (after - before) / count,
                    perTriggerCall: (triggers - after) / calls, dropped: context.bus.droppedMessageCount)
            }
            defer { group.cancelAll() }
            while let outcome = try await group.next() {
                if let outcome { return outcome }
            }
            throw BenchmarkError("\(path): the plugin and the logger stopped before the run was measured")
        }
    }
}

/// Readings received so far, for the timeout's message.
private final class Counter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}
