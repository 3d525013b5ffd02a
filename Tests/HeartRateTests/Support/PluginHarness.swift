import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Synchronization

@testable import HeartRate

/// Everything a message-type subscription delivered so far, filled by a background child task.
final class Recorder<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])

    var all: [Element] { elements.withLock { $0 } }

    func append(_ element: Element) { elements.withLock { $0.append(element) } }
}

/// A running `HeartRatePlugin` on the mock's bus, with what it published.
struct PluginHarness {
    let plugin: HeartRatePlugin
    /// The plugin's bus and store: tests remember straps in the store and publish `StoreChanged` themselves.
    let context: PluginContext
    let readings: Recorder<HeartRateMeasured>
    let statuses: Recorder<SensorStatusChanged>
    let announcements: Recorder<Announcement>
    /// What the plugin logged, at debug level and up.
    let logs: LogRecorder

    /// The statuses published so far, in order.
    var statusList: [SensorStatusChanged.Status] { statuses.all.map(\.status) }

    /// Waits (bounded) until a status `status` has been published `count` times.
    func waitForStatus(_ status: SensorStatusChanged.Status, count: Int = 1, timeout: Duration = TestDeadline.hang)
        async throws
    {
        do {
            try await eventually(timeout: timeout) { statusList.filter { $0 == status }.count >= count }
        } catch {
            throw HarnessError("no \(status) #\(count); statuses so far: \(statusList)")
        }
    }

    /// Status messages published so far, counted by the bus as it hands them out: unlike ``statuses``, which a
    /// child task fills a moment later, this count already includes a message the moment `publish` returns.
    var statusesPublished: Int {
        let type = "\(SensorStatusChanged.self)"
        return context.bus.statistics().filter { $0.messageType == type }.reduce(0) { $0 + $1.delivered }
    }

    /// Waits (bounded) until the plugin has logged `message` `count` times.
    func waitForLog(_ message: String, count: Int = 1, timeout: Duration = TestDeadline.hang) async throws {
        do {
            try await eventually(timeout: timeout) { logs.all.filter { $0.message == message }.count >= count }
        } catch {
            throw HarnessError("no log '\(message)' #\(count); logged: \(logs.all.map(\.message))")
        }
    }

    /// Waits (bounded) until `count` readings have been published.
    func waitForReadings(_ count: Int, timeout: Duration = TestDeadline.hang) async throws {
        do {
            try await eventually(timeout: timeout) { readings.all.count >= count }
        } catch {
            throw HarnessError("\(readings.all.count) of \(count) readings; statuses: \(statusList)")
        }
    }
}

/// Runs a `HeartRatePlugin` against the mock's private bus while `body` runs, then cancels it; `prepare` fills the
/// store first.
func withHeartRatePlugin(
    on environment: BlueZEnvironment, configuration: HeartRatePlugin.Configuration = .init(),
    clock: any HubClock = SystemClock(), bus: MessageBus = MessageBus(), remembering strap: RememberedDevice? = nil,
    signalBuffer: Int = HeartRatePlugin.defaultSignalBuffer,
    preparing prepare: (PluginContext) async throws -> Void = { _ in },
    _ body: (PluginHarness) async throws -> Void
) async throws {
    var (context, directory) = try PluginContext.test(clock: clock, bus: bus)
    let logs = LogRecorder()
    context.logger = logs.logger(label: "heart-rate", level: .debug)
    defer { withExtendedLifetime(directory) {} }
    if let strap { try await context.hubStore.remember(strap) }
    // The store as the plugin finds it when it starts, e.g. people and their straps.
    try await prepare(context)
    let plugin = HeartRatePlugin(
        configuration: configuration, context: context, busAddress: DBusAddress(environment.bus.address),
        signalBuffer: signalBuffer)
    let readings = Recorder<HeartRateMeasured>(), statuses = Recorder<SensorStatusChanged>()
    let announcements = Recorder<Announcement>()
    let readingStream = context.bus.inbox(of: HeartRateMeasured.self)
    let statusStream = context.bus.inbox(of: SensorStatusChanged.self)
    let announcementStream = context.bus.inbox(of: Announcement.self)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await plugin.run() }
        group.addTask { for await reading in readingStream { readings.append(reading) } }
        group.addTask { for await status in statusStream { statuses.append(status) } }
        group.addTask { for await announcement in announcementStream { announcements.append(announcement) } }
        defer { group.cancelAll() }
        try await body(
            PluginHarness(
                plugin: plugin, context: context, readings: readings, statuses: statuses, announcements: announcements,
                logs: logs))
        group.cancelAll()
        try? await group.waitForAll()
    }
}
