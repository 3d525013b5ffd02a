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

    var statuses: [AudioStatusChanged.Status] { statusList.all }
    var announcements: [String] { announcementList.all.map(\.text) }

    /// Runs the plugin with `configuration` until `body` returns, then shuts it down gracefully.
    static func run(
        _ configuration: MusicPlugin.Configuration, in folder: TemporaryDirectory,
        _ body: (MusicHarness) async throws -> Void
    ) async throws {
        var (context, directory) = try PluginContext.test()
        if ProcessInfo.processInfo.environment["STAYFIT_TEST_LOG"] != nil {
            context.logger = Logger(label: "music", factory: { StreamLogHandler.standardError(label: $0) })
            context.logger.logLevel = .trace
        }
        defer { withExtendedLifetime(directory) {} }
        let statuses = context.bus.messages(of: AudioStatusChanged.self)
        let announcements = context.bus.messages(of: Announcement.self)
        let harness = MusicHarness(
            context: context, folder: folder, statusList: Recorder(), announcementList: Recorder())
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

    /// Waits (bounded, 30 s) until a status matching `predicate` has been published `count` times.
    func waitForStatus(
        count: Int = 1, _ what: String, _ predicate: @escaping (AudioStatusChanged.Status) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + TestDeadline.hang
        while statuses.filter(predicate).count < count {
            guard ContinuousClock.now < deadline else {
                throw HarnessFailure("no \(what) (#\(count)) within 30 s; statuses: \(statuses)")
            }
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
