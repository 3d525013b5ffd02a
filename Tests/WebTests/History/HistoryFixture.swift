import Foundation
import HubCore
import HubStore
import HubTestKit
import Reports

/// A real temporary store with three workouts whose figures are worked out by hand:
///
/// 1. a run with GPS on Friday 20 November 2026 at 07:30: 600 s at 3 m/s (1.80 km, 5:33 /km), 150 bpm, 120 kcal,
///    two laps of 300 s and 900 m;
/// 2. an indoor ride with power on Sunday 22 November 2026 at 18:00: 1200 s, 10 km, 200 W (max 250 W, 240 kJ),
///    cadence 90 rpm, 140 bpm, 250 kcal, no positions;
/// 3. a strength program on Tuesday 24 November 2026 at 12:00: 300 s, no distance, two steps, two laps of 150 s.
struct HistoryFixture {
    let directory: TemporaryDirectory
    let store: HubStore
    let run: WorkoutID
    let ride: WorkoutID
    let strength: WorkoutID

    static let today = LocalDay(LocalTime.date(year: 2026, month: 11, day: 27, hour: 12))
    static let runStart = LocalTime.date(year: 2026, month: 11, day: 20, hour: 7, minute: 30)
    static let rideStart = LocalTime.date(year: 2026, month: 11, day: 22, hour: 18)
    static let strengthStart = LocalTime.date(year: 2026, month: 11, day: 24, hour: 12)

    init() async throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
        run = try await Self.storeRun(in: store)
        ride = try await Self.storeRide(in: store)
        strength = try await Self.storeStrength(in: store)
    }

    static func storeRun(in store: HubStore, start: Date = runStart, kind: WorkoutKind = .run) async throws
        -> WorkoutID
    {
        let samples = (1...600).map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 150,
                latitude: 48 + Double(second) * 0.000027, longitude: 11.5, speedMetersPerSecond: 3,
                distanceMeters: Double(second) * 3, kilocalories: Double(second) * 0.2, steps: second * 3)
        }
        var totals = WorkoutTotals()
        totals.movingSeconds = 600
        totals.distanceMeters = 1800
        totals.averageSpeedMetersPerSecond = 3
        totals.minSpeedMetersPerSecond = 3
        totals.maxSpeedMetersPerSecond = 3
        totals.averageHeartRate = 150
        totals.maxHeartRate = 150
        totals.kilocalories = 120
        totals.steps = 1800
        var imported = ImportedWorkout(
            startedAt: start, endedAt: start.addingTimeInterval(600), totals: totals, samples: samples,
            laps: [
                WorkoutLap(number: 1, endedAt: start.addingTimeInterval(300), movingSeconds: 300, distanceMeters: 900),
                WorkoutLap(number: 2, endedAt: start.addingTimeInterval(600), movingSeconds: 300, distanceMeters: 900),
            ])
        imported.kind = kind
        return try await store.importWorkout(imported)
    }

    static func storeRide(in store: HubStore) async throws -> WorkoutID {
        let samples = (1...1200).map { second in
            WorkoutSample(
                second: second, recordedAt: rideStart.addingTimeInterval(Double(second)), heartRate: 140,
                latitude: nil, longitude: nil, speedMetersPerSecond: 10_000.0 / 1200,
                distanceMeters: Double(second) * 10_000 / 1200, kilocalories: Double(second) * 0.2, steps: nil,
                cadence: 90, powerWatts: second % 60 == 0 ? 250 : 200)
        }
        var totals = WorkoutTotals()
        totals.movingSeconds = 1200
        totals.distanceMeters = 10_000
        totals.averageSpeedMetersPerSecond = 10_000.0 / 1200
        totals.averageHeartRate = 140
        totals.maxHeartRate = 140
        totals.kilocalories = 250
        totals.averagePower = 200
        totals.maxPower = 250
        totals.workKilojoules = 240
        totals.averageCadence = 90
        totals.maxCadence = 90
        var imported = ImportedWorkout(
            startedAt: rideStart, endedAt: rideStart.addingTimeInterval(1200), totals: totals, samples: samples)
        imported.kind = .indoorRide
        return try await store.importWorkout(imported)
    }

    static func storeStrength(in store: HubStore) async throws -> WorkoutID {
        let samples = (1...300).map { second in
            WorkoutSample(
                second: second, recordedAt: strengthStart.addingTimeInterval(Double(second)), heartRate: 110,
                latitude: nil, longitude: nil, speedMetersPerSecond: nil, distanceMeters: 0,
                kilocalories: Double(second) * 0.1, steps: nil)
        }
        var totals = WorkoutTotals()
        totals.movingSeconds = 300
        totals.averageHeartRate = 110
        totals.maxHeartRate = 110
        totals.kilocalories = 30
        var imported = ImportedWorkout(
            startedAt: strengthStart, endedAt: strengthStart.addingTimeInterval(300), totals: totals,
            samples: samples,
            laps: [1, 2].map {
                WorkoutLap(
                    number: $0, endedAt: strengthStart.addingTimeInterval(Double($0) * 150), movingSeconds: 150,
                    distanceMeters: 0)
            })
        imported.kind = .strength
        let id = try await store.importWorkout(imported)
        try await store.recordProgramStep(
            WorkoutProgramStep(
                number: 1, title: "Squats: 10 reps at 60 kg", program: "Strength basics", outcome: .completed,
                plannedRepetitions: 10, repetitions: 8, plannedWeightKilograms: 60, seconds: 240,
                startedAt: strengthStart, endedAt: strengthStart.addingTimeInterval(240)),
            of: id)
        try await store.recordProgramStep(
            WorkoutProgramStep(
                number: 2, title: "Rest: 1 minute", program: "Strength basics", outcome: .skipped,
                plannedSeconds: 60, seconds: 60, startedAt: strengthStart.addingTimeInterval(240),
                endedAt: strengthStart.addingTimeInterval(300)),
            of: id)
        return id
    }
}
