import BlueZTestKit
import Foundation
import HubStore
import HubTestKit
import Testing

@testable import HubCore

@Suite struct StoreWatcherTests {
    static let profile = Profile(
        name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 168, weightKilograms: 61,
        heartRateMonitoring: false)

    @Test func aChangeByAnotherConnectionIsPublishedOnceAndNothingElseIs() async throws {
        let (context, directory) = try PluginContext.test()
        let changes = context.bus.messages(of: StoreChanged.self, subscriber: "test")
        let (watching, ready) = AsyncStream.makeStream(of: Void.self)
        let watcher = StoreWatcher(
            context: context, settle: .milliseconds(20), spacing: .milliseconds(20), watching: { ready.yield() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await watcher.run() }
            try await watching.next(within: TestDeadline.hang)

            // The CLI's own connection to the same files. Opening it writes nothing the counters see.
            let cli = try HubStore(directory: directory.url)
            try await cli.saveProfile(Self.profile)
            #expect(try await changes.next(within: TestDeadline.hang) == StoreChanged(section: .profile))

            // The bus keeps order: anything published in between — for opening the store, or the same
            // profile change again — would arrive before this.
            try await cli.setActiveGoal(Goal(kind: .distance, target: 5_000))
            #expect(try await changes.next(within: TestDeadline.hang) == StoreChanged(section: .goals))
            group.cancelAll()
        }
    }

    @Test func theHubsOwnWritesBringNoLookAndTheNextChangeByTheCLIBringsBoth() async throws {
        let (context, directory) = try PluginContext.test()
        let hub = try HubStore(directory: directory.url, announcesWrites: false)
        let hubContext = PluginContext(bus: context.bus, store: hub, logger: context.logger, clock: context.clock)
        let changes = context.bus.messages(of: StoreChanged.self, subscriber: "test")
        let (watching, ready) = AsyncStream.makeStream(of: Void.self)
        let watcher = StoreWatcher(
            context: hubContext, settle: .milliseconds(20), spacing: .milliseconds(20), watching: { ready.yield() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await watcher.run() }
            try await watching.next(within: TestDeadline.hang)

            // The hub writes the database (as it does every second of a workout): the watcher does not look, so
            // even a section the hub changed itself is not reported.
            try await hub.saveProfile(Self.profile)
            try await Task.sleep(for: .milliseconds(500))  // settle and spacing are 20 ms
            #expect(context.bus.statistics().first { $0.subscriber == "test" }?.delivered == 0)
            #expect(
                !FileManager.default.fileExists(
                    atPath: directory.url.appendingPathComponent(HubStore.changeMarkerName).path))

            // The CLI's write leaves the marker: the look then sees its change and the hub's earlier one.
            let cli = try HubStore(directory: directory.url)
            try await cli.setActiveGoal(Goal(kind: .distance, target: 5_000))
            let first = try await changes.next(within: TestDeadline.hang)
            let second = try await changes.next(within: TestDeadline.hang)
            #expect([first, second].map(\.section.rawValue).sorted() == ["goals", "profile"])
            group.cancelAll()
        }
    }

    @Test func stopsWhenCancelledAndClosesItsWatch() async throws {
        let (context, directory) = try PluginContext.test()
        _ = directory
        let (watching, ready) = AsyncStream.makeStream(of: Void.self)
        let watcher = StoreWatcher(
            context: context, settle: .milliseconds(20), spacing: .milliseconds(20), watching: { ready.yield() })
        let run = Task { try await watcher.run() }
        try await watching.next(within: TestDeadline.hang)
        run.cancel()
        try await run.value  // returns: neither the watch thread nor a fallback poll keeps it going
    }
}
