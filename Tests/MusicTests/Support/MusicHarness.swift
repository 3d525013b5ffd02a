import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import Logging
import Music
import ServiceLifecycle
import Synchronization

/// A running `MusicPlugin` (real libmpv) with what it published, stopped gracefully at the end of the body.
struct MusicHarness {
    let context: PluginContext
    let folder: TemporaryDirectory
    private let statusList: Recorder<AudioStatusChanged.Status>
    private let announcementList: Recorder<Announcement>
    private let logList: LogRecorder

    var statuses: [AudioStatusChanged.Status] { statusList.all }
    var announcements: [String] { announcementList.all.map(\.text) }
    /// What the plugin logged so far, at every level down to trace.
    var log: [LogRecorder.Entry] { logList.all }

    /// Runs the plugin with `configuration` until `body` returns, then shuts it down gracefully.
    static func run(
        _ configuration: MusicPlugin.Configuration, in folder: TemporaryDirectory,
        _ body: (MusicHarness) async throws -> Void
    ) async throws {
        var (context, directory) = try PluginContext.test()
        // The plugin's log is kept, so a test can wait for what the plugin did as for any other event.
        let logList = LogRecorder()
        context.logger = logList.logger(label: "music")
        defer { withExtendedLifetime(directory) {} }
        let statuses = context.bus.inbox(of: AudioStatusChanged.self)
        let announcements = context.bus.inbox(of: Announcement.self)
        let harness = MusicHarness(
            context: context, folder: folder, statusList: Recorder(), announcementList: Recorder(), logList: logList)
        let plugin = MusicPlugin(configuration: configuration, context: context)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: plugin)],
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            tasks.addTask { for await status in statuses { harness.statusList.append(status.status) } }
            tasks.addTask { for await note in announcements { harness.announcementList.append(note) } }
            do {
                try await body(harness)
            } catch {
                await group.triggerGracefulShutdown()
                tasks.cancelAll()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.next()
            tasks.cancelAll()
        }
    }

    /// Waits until a status matching `predicate` has been published `count` times. The generous deadline only ends
    /// a test that would hang, saying what it waited for.
    func waitForStatus(
        count: Int = 1, _ what: String, _ predicate: @escaping (AudioStatusChanged.Status) -> Bool
    ) async throws {
        try await waitUntil("\(what) (#\(count)); statuses: \(statuses)") { statuses.filter(predicate).count >= count }
    }

    /// Waits until the plugin has logged `message` (with `metadata`, if given) `count` times after the entry at
    /// `position`; returns where in the log the last of them is.
    @discardableResult
    func waitForLog(
        _ message: String, metadata: [String: String] = [:], count: Int = 1, after position: Int = -1
    ) async throws -> Int {
        let matching = {
            log.indices.filter { index in
                let entry = log[index]
                return index > position && entry.message == message
                    && metadata.allSatisfy { key, value in entry.metadata[key] == value }
            }
        }
        try await waitUntil("log \"\(message)\" \(metadata) (#\(count)); log: \(log.map(\.message))") {
            matching().count >= count
        }
        return matching()[count - 1]
    }

    /// Looks at what was recorded until `condition` holds, or throws after 60 s (only to end a hanging test).
    private func waitUntil(_ what: @autoclosure () -> String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + TestDeadline.hang
        while !condition() {
            guard ContinuousClock.now < deadline else { throw HarnessFailure("waited 60 s in vain for \(what())") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until the track called `title` has started `count` times.
    func waitForTrack(_ title: String, count: Int = 1) async throws {
        try await waitForStatus(count: count, "now playing \(title)") {
            if case .nowPlaying(title, _) = $0 { true } else { false }
        }
    }

    /// The titles started so far, in order.
    var titles: [String] {
        statuses.compactMap { if case .nowPlaying(let title, _) = $0 { title } else { nil } }
    }
}

/// Everything a subscription delivered so far.
final class Recorder<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])
    var all: [Element] { elements.withLock { $0 } }
    func append(_ element: Element) { elements.withLock { $0.append(element) } }
}

struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
