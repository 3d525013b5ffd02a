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
            try await watching.next(within: .seconds(10))

            // The CLI's own connection to the same files. Opening it writes nothing the counters see.
            let cli = try HubStore(directory: directory.url)
            try await cli.saveProfile(Self.profile)
            #expect(try await changes.next(within: .seconds(10)) == StoreChanged(section: .profile))

            // The bus keeps order: anything published in between — for opening the store, or the same
            // profile change again — would arrive before this.
            try await cli.setActiveGoal(Goal(kind: .distance, target: 5_000))
            #expect(try await changes.next(within: .seconds(10)) == StoreChanged(section: .goals))
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
        try await watching.next(within: .seconds(10))
        run.cancel()
        try await run.value  // returns: neither the watch thread nor a fallback poll keeps it going
    }
}
