import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// Migration v8: each second's altitude and the workout's elevation gain and loss.
@Suite struct AltitudeTests {
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func storesEachSecondsAltitudeAndTheWorkoutsElevation() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let id = try await store.startWorkout(at: start, goal: nil)
        let samples = [
            WorkoutSample(
                second: 1, recordedAt: start, heartRate: nil, latitude: 48, longitude: 11, speedMetersPerSecond: 3,
                distanceMeters: 3, kilocalories: 0.2, steps: nil, altitudeMeters: 521.5),
            WorkoutSample(
                second: 2, recordedAt: start.addingTimeInterval(1), heartRate: nil, latitude: nil, longitude: nil,
                speedMetersPerSecond: nil, distanceMeters: 3, kilocalories: 0.4, steps: nil),
        ]
        var totals = WorkoutTotals()
        totals.movingSeconds = 2
        totals.elevationGainMeters = 12.5
        totals.elevationLossMeters = 7
        try await store.recordSamples(samples, totals: totals, of: id)
        #expect(try await store.samples(of: id).map(\.altitudeMeters) == [521.5, nil])
        let stored = try #require(try await store.workout(id))
        #expect(stored.totals.elevationGainMeters == 12.5 && stored.totals.elevationLossMeters == 7)
    }

    @Test func workoutsStoredBeforeHaveNoAltitudeRatherThanZero() async throws {
        let old = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: old.url.appendingPathComponent(HubStore.fileName).path, upTo: "v7: goal auto-stop switch",
            then: """
                INSERT INTO workouts (id, started_at, ended_at, status) VALUES (1, 1790000000, 1790000060, 'finished');
                INSERT INTO workout_samples (workout_id, second, recorded_at, distance_m, kcal)
                    VALUES (1, 1, 1790000001, 3, 0.2);
                """)
        let migrated = try HubStore(directory: old.url)
        let workout = try #require(try await migrated.workout(1))
        #expect(workout.totals.elevationGainMeters == nil && workout.totals.elevationLossMeters == nil)
        #expect(try await migrated.samples(of: 1).map(\.altitudeMeters) == [nil])
    }
}
