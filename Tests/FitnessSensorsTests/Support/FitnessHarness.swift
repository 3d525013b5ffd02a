import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Synchronization

@testable import FitnessSensors

/// Everything a message-type subscription delivered so far, filled by a background child task.
final class Recorder<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    var all: [Element] { elements.withLock { $0 } }

    func append(_ element: Element) { elements.withLock { $0.append(element) } }
}

/// A running `FitnessSensorsPlugin` on the mock's bus, with what it published.
struct FitnessHarness {
    let plugin: FitnessSensorsPlugin
    let context: PluginContext
    let speeds = Recorder<SpeedMeasured>()
    let cadences = Recorder<CadenceMeasured>()
    let powers = Recorder<PowerMeasured>()
    let machines = Recorder<MachineMeasured>()
    let heartRates = Recorder<HeartRateMeasured>()
    let statuses = Recorder<SensorStatusChanged>()
    let announcements = Recorder<Announcement>()
    let commands = Recorder<WorkoutCommand>()
    let parts = Recorder<StatusPart>()

    /// The statuses of the sensor at `address` published so far, in order.
    func statusList(of address: String) -> [SensorStatusChanged.Status] {
        statuses.all.filter { $0.device.hasSuffix(address) || $0.device.hasSuffix("(\(address))") }.map(\.status)
    }

    /// Waits (bounded) until the sensor at `address` has had status `status` `count` times.
    func waitForStatus(_ status: SensorStatusChanged.Status, of address: String, count: Int = 1) async throws {
        do {
            try await eventually(timeout: TestDeadline.hang) {
                statusList(of: address).filter { $0 == status }.count >= count
            }
        } catch {
            throw HarnessError("no \(status) #\(count) of \(address); statuses: \(statuses.all.map(\.status))")
        }
    }

    /// Waits (bounded) until `condition` holds, saying `what` when it never does.
    func waitUntil(_ what: String, _ condition: @escaping @Sendable () -> Bool) async throws {
        do {
            try await eventually(timeout: TestDeadline.hang) { condition() }
        } catch {
            throw HarnessError(
                "\(what) never happened; statuses: \(statuses.all.map(\.status)); announcements: "
                    + "\(announcements.all.map(\.text))")
        }
    }
}

/// Runs a `FitnessSensorsPlugin` against the mock's private bus while `body` runs, then cancels it.
func withFitnessSensorsPlugin(
    on environment: BlueZEnvironment, configuration: FitnessSensorsPlugin.Configuration = .init(),
    clock: any HubClock = ManualClock(), _ body: (FitnessHarness) async throws -> Void
) async throws {
    let (context, directory) = try PluginContext.test(clock: clock)
    defer { withExtendedLifetime(directory) {} }
    let plugin = FitnessSensorsPlugin(
        configuration: configuration, context: context, busAddress: DBusAddress(environment.bus.address))
    let harness = FitnessHarness(plugin: plugin, context: context)
    let bus = context.bus
    let speeds = bus.inbox(of: SpeedMeasured.self), cadences = bus.inbox(of: CadenceMeasured.self)
    let powers = bus.inbox(of: PowerMeasured.self), machines = bus.inbox(of: MachineMeasured.self)
    let heartRates = bus.inbox(of: HeartRateMeasured.self), statuses = bus.inbox(of: SensorStatusChanged.self)
    let announcements = bus.inbox(of: Announcement.self), commands = bus.inbox(of: WorkoutCommand.self)
    let parts = bus.inbox(of: StatusPart.self)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await plugin.run() }
        group.addTask { for await m in speeds { harness.speeds.append(m) } }
        group.addTask { for await m in cadences { harness.cadences.append(m) } }
        group.addTask { for await m in powers { harness.powers.append(m) } }
        group.addTask { for await m in machines { harness.machines.append(m) } }
        group.addTask { for await m in heartRates { harness.heartRates.append(m) } }
        group.addTask { for await m in statuses { harness.statuses.append(m) } }
        group.addTask { for await m in announcements { harness.announcements.append(m) } }
        group.addTask { for await m in commands { harness.commands.append(m) } }
        group.addTask { for await m in parts { harness.parts.append(m) } }
        defer { group.cancelAll() }
        try await body(harness)
        group.cancelAll()
        try? await group.waitForAll()
    }
}
