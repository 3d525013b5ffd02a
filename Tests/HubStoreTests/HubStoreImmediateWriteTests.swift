import Foundation
import HubStore
import HubTestKit
import Testing

/// A workout's seconds written at once on the caller's thread, or not at all: never a wait for another writer's
/// lock, and never the WAL's checkpoint.
@Suite struct HubStoreImmediateWriteTests {
    let directory: TemporaryDirectory
    let store: HubStore
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        directory = try TemporaryDirectory()
        // A write that waited for the lock would wait half a minute, past the test's end.
        store = try HubStore(directory: directory.url, busyTimeout: .seconds(30))
    }

    func samples(_ seconds: ClosedRange<Int>) -> [WorkoutSample] {
        seconds.map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 140,
                latitude: 48 + Double(second) / 10_000, longitude: 11.5, speedMetersPerSecond: 2.75,
                distanceMeters: 2.75 * Double(second), kilocalories: 0.2 * Double(second), steps: second * 3)
        }
    }

    func totals(seconds: Int) -> WorkoutTotals {
        var totals = WorkoutTotals()
        totals.movingSeconds = seconds
        return totals
    }

    @Test func aSecondIsStoredAtOnceWhenNobodyElseWrites() async throws {
        let id = try await store.startWorkout(at: start, goal: nil)
        #expect(store.recordSamplesAtOnce(samples(1...1), totals: totals(seconds: 1), of: id))
        #expect(try await store.samples(of: id).map(\.second) == [1])
        #expect(try await store.workout(id)?.totals.movingSeconds == 1)
    }

    @Test func whileAnotherProcessHoldsTheDatabaseASecondIsDeclinedAndNothingOfItIsStored() async throws {
        let id = try await store.startWorkout(at: start, goal: nil)
        let lock = try await DatabaseWriteLock.take(path: store.path)
        #expect(!store.recordSamplesAtOnce(samples(1...1), totals: totals(seconds: 1), of: id))
        await lock.unlock()
        #expect(try await store.samples(of: id).isEmpty)
        #expect(try await store.workout(id)?.totals.movingSeconds == 0)

        #expect(store.recordSamplesAtOnce(samples(1...2), totals: totals(seconds: 2), of: id))
        #expect(try await store.samples(of: id).map(\.second) == [1, 2])
    }

    @Test func aCommitThatLeavesTheWALAtCheckpointSizeHandsTheNextWriteToTheStoresWriter() async throws {
        let id = try await store.startWorkout(at: start, goal: nil)
        // About 5,000 pages of WAL in one commit, well past SQLite's auto-checkpoint size (1,000 pages).
        #expect(store.recordSamplesAtOnce(samples(1...60_000), totals: totals(seconds: 60_000), of: id))
        #expect(!store.recordSamplesAtOnce(samples(60_001...60_001), totals: totals(seconds: 60_001), of: id))
        // The store's writer (which checkpoints) takes that one; the next is tried at once again.
        try await store.recordSamples(samples(60_001...60_001), totals: totals(seconds: 60_001), of: id)
        #expect(store.recordSamplesAtOnce(samples(60_002...60_002), totals: totals(seconds: 60_002), of: id))
        #expect(try await store.samples(of: id).count == 60_002)
        #expect(try await store.workout(id)?.totals.movingSeconds == 60_002)
    }
}
