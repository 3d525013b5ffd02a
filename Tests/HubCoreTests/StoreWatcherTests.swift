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
        let changes = context.bus.inbox(of: StoreChanged.self, subscriber: "test")
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
        let hubContext = PluginContext(bus: context.bus, storage: hub, logger: context.logger, clock: context.clock)
        let changes = context.bus.inbox(of: StoreChanged.self, subscriber: "test")
        let (watching, ready) = AsyncStream.makeStream(of: Void.self)
        let watcher = StoreWatcher(
            context: hubContext, settle: .milliseconds(20), spacing: .milliseconds(20), watching: { ready.yield() })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await watcher.run() }
            try await watching.next(within: TestDeadline.hang)

            // The hub writes the database (as it does every second of a workout): the watcher does not look, so
            // even a section the hub changed itself is not reported. A look comes only from an inotify event of the
            // kinds the watcher asks for; a watch of the test's own with the same kinds sees the events in the order
            // they happened, so a file the test writes after the hub's write is the first it sees, with nothing of
            // the hub's before it, and nothing has reached the watcher either.
            let probe = try DirectoryWatch(
                directory: directory.url.path, events: .closedAfterWriting, threadName: "test-probe")
            defer { probe.stop() }
            try await hub.saveProfile(Self.profile)
            // Created and closed in place (a write through a temporary file would be seen under that name first).
            try #require(
                close(open(directory.path("after-the-hubs-write"), O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)) == 0)
            let seen = InotifyEvent.parse(try await probe.batches.next(within: TestDeadline.hang))
            #expect(seen.first?.name == "after-the-hubs-write", "the hub's write woke the watch: \(seen.map(\.name))")
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
        let (watching, ready) = AsyncStream.makeStream(of: Void.self)
        let watcher = StoreWatcher(
            context: context, settle: .milliseconds(20), spacing: .milliseconds(20), watching: { ready.yield() })
        let run = Task { try await watcher.run() }
        try await watching.next(within: TestDeadline.hang)
        #expect(try Self.inotifyDescriptors(watching: directory.url).count == 1, "the watcher is not watching")
        run.cancel()
        try await run.value  // returns: neither the watch thread nor a fallback poll keeps it going
        // The watch's thread closes the inotify descriptor once it has seen the stop, after run() returned.
        try await Self.waitUntil("the watcher's inotify descriptor to be closed") {
            try Self.inotifyDescriptors(watching: directory.url).isEmpty
        }
    }

    // MARK: - The kernel's view of this process's inotify watches

    /// The descriptors of this process whose inotify instance watches `directory`, from /proc/self/fdinfo: a watch
    /// line names the directory by inode and device (`ino:` and `sdev:`, in hex; the device in the kernel's own
    /// encoding, major << 20 | minor). Other suites' watches run meanwhile, but none of them watches this directory.
    static func inotifyDescriptors(watching directory: URL) throws -> [Int32] {
        var status = stat()
        try #require(stat(directory.path, &status) == 0)
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        let watch = " ino:\(String(UInt64(status.st_ino), radix: 16)) sdev:\(String(major << 20 | minor, radix: 16)) "
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fdinfo")
        return descriptors.compactMap { name -> Int32? in
            // A descriptor closed since the listing has no fdinfo any more: it watches nothing.
            guard let descriptor = Int32(name),
                let handle = FileHandle(forReadingAtPath: "/proc/self/fdinfo/\(name)")
            else { return nil }
            defer { try? handle.close() }
            // /proc files report a size of 0: read them to the end.
            let text = String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n").contains { $0.hasPrefix("inotify wd:") && $0.contains(watch) }
                ? descriptor : nil
        }
    }

    /// Waits until `condition` holds; the generous deadline only ends a test that would hang, saying what it waited for.
    static func waitUntil(
        _ what: String, timeout: Duration = TestDeadline.hang, _ condition: () throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw TestKitError("waited \(timeout) in vain for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
