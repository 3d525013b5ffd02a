import BlueZTestKit
import Foundation
import HeartRateLog
import HubCore
import HubStore
import HubTestKit
import Logging
import ServiceLifecycle
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The all-day heart-rate log on a real tmpfs that fills up: the person is told once, the readings are kept, and
/// they are saved when there is room again. Needs root (mount), as CI has.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HeartRateLogFullDiskTests {
    @Test func aFullDiskIsToldOnceAndTheLogIsSavedWhenThereIsRoomAgain() async throws {
        let disk = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-hr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mounted = mount("tmpfs", disk.path, "tmpfs", 0, "size=2m")
        try #require(mounted == 0, "mount a tmpfs (needs root): \(String(cString: strerror(errno)))")
        defer {
            umount2(disk.path, Int32(MNT_DETACH))
            try? FileManager.default.removeItem(at: disk)
        }
        let store = try HubStore(directory: disk.appendingPathComponent("data"))
        try await store.saveProfile(HeartRateLogPluginTests.profile)
        let clock = ManualClock()
        let bus = MessageBus()
        let log = LogRecorder()
        let logger = log.logger(), records = log.entries
        let context = PluginContext(bus: bus, storage: store, logger: logger, clock: clock)
        let heartRateLog = HeartRateLogPlugin(configuration: .init(), context: context, flushEvery: .seconds(5))
        let announcements = bus.inbox(of: Announcement.self, subscriber: "test")
        let start = clock.now
        func publish(_ seconds: Range<Int>) {
            for second in seconds {
                bus.publish(
                    HeartRateMeasured(
                        beatsPerMinute: 100 + second, source: "test",
                        timestamp: start.addingTimeInterval(Double(second) + 0.5)))
            }
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [.init(service: heartRateLog)], logger: quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try fill(disk.appendingPathComponent("filler").path)
            publish(0..<10)
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(5))
            #expect(
                try await announcements.next().text
                    == "Cannot save the heart-rate log: the disk is full. It is kept and saved as soon as the disk can "
                    + "be written.")

            // More readings while the disk stays full; then room again, and the next try saves them all.
            publish(10..<20)
            try FileManager.default.removeItem(at: disk.appendingPathComponent("filler"))
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(5))
            let deadline = ContinuousClock.now + TestDeadline.hang
            var saved: [HeartRatePoint] = []
            while saved.count < 20, ContinuousClock.now < deadline {
                saved = try await store.heartRate(from: start, to: start.addingTimeInterval(20), maxPoints: 20)
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(saved.map(\.maximum) == Array(100..<120))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        // Told once when saving stopped, once when it worked again.
        var lines: [LogRecorder.Entry] = []
        for await record in records where record.message.contains("heart-rate log") {
            lines.append(record)
            if record.message.contains("saved again") { break }
        }
        #expect(lines.map(\.level) == [.error, .notice], "\(lines)")
        #expect(lines.first?.metadata["error"]?.contains("disk holding it is full") == true, "\(lines)")
    }

    /// Writes `path` until the file system has no room left.
    private func fill(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == chunk.count {}
        try #require(errno == ENOSPC, "filling \(path): \(String(cString: strerror(errno)))")
    }
}
