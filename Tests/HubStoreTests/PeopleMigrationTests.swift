import Foundation
import GRDB
import HubTestKit
import Testing

@testable import HubStore

/// "v14: people": a database from before it (one profile) becomes one person's, with nothing lost.
///
/// The old database is made as the hub up to v13 made it: the schema by the migrator stopped at v13, and rows in the
/// columns the v13 store wrote (`saveProfile`, `startWorkout`, `recordSamples`, `recordLap`, `beginPause`,
/// `setActiveGoal`, `addReminder`), the heart-rate log's blocks encoded by `HeartRateBlock` with their roll-ups as
/// `logHeartRate` adds them up. (The v13 store's own methods cannot write it: this build's expect v14's columns.)
@Suite struct PeopleMigrationTests {
    static let v13 = "v13: program steps of workouts"
    /// Midnight UTC, 2026-11-01.
    static let day: Int64 = 1_793_491_200
    /// Two five-minute blocks of the all-day log, ten minutes apart: 480 seconds with a reading.
    static let heartRateSeconds: [Int64] =
        (0..<Int64(300)).filter { $0 % 5 != 0 }.map { day + $0 } + (0..<Int64(240)).map { day + 900 + $0 }

    static func bpm(_ second: Int64) -> UInt8 { UInt8(60 + second % 90) }

    /// Everything a v13 hub stored for its one person.
    static func oldRows(profile: Bool) -> (Database) throws -> Void {
        { db in
            if profile {
                try db.execute(
                    sql: """
                        INSERT INTO profile (id, name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring,
                                             ftp_watts, updated_at)
                        VALUES (1, 'Alex', '1990-04-21', 'female', 170, 62.5, 1, 230, 1795000000)
                        """)
            }
            try db.execute(
                sql: """
                    INSERT INTO goals (kind, target, created_at, active, auto_stop) VALUES ('distance', 5000, 1793400000, 0, 0);
                    INSERT INTO goals (kind, target, created_at, active, auto_stop) VALUES ('kcal', 400, 1793400100, 1, 1);
                    INSERT INTO reminders (title, minute_of_day, weekdays, alert_minutes, enabled, created_at, handled_until)
                    VALUES ('Run', 420, 127, 15, 1, 1793400000, 1793400000);
                    INSERT INTO workouts (id, started_at, ended_at, status, moving_seconds, distance_m, kcal, kind)
                    VALUES (1, 1793500000, 1793500600, 'finished', 600, 2000, 150, 'run');
                    INSERT INTO workouts (id, started_at, ended_at, status, moving_seconds, distance_m, kcal, kind)
                    VALUES (2, 1793600000, 1793600300, 'finished', 300, 1000, 70, 'ride');
                    INSERT INTO workout_samples (workout_id, second, recorded_at, heart_rate, distance_m, kcal)
                    VALUES (1, 1, 1793500001, 120, 3.3, 0.25), (1, 2, 1793500002, 121, 6.6, 0.5),
                           (2, 1, 1793600001, 110, 3.3, 0.2);
                    INSERT INTO workout_laps (workout_id, number, ended_at, moving_seconds, distance_m)
                    VALUES (1, 1, 1793500300, 300, 1000);
                    INSERT INTO workout_pauses (workout_id, started_at, ended_at) VALUES (1, 1793500100, 1793500110);
                    """)
            let blocks = Dictionary(grouping: heartRateSeconds) { $0 / HubStore.heartRateBlockSeconds }
            var minutes: [Int64: Rollup] = [:]
            var hours: [Int64: Rollup] = [:]
            for (block, seconds) in blocks {
                let start = block * HubStore.heartRateBlockSeconds
                var stored = HeartRateBlock()
                for second in seconds {
                    stored.beatsPerMinute[Int(second - start)] = bpm(second)
                    stored.intervals[Int(second - start)] = [UInt16(1024 * 60 / Int(bpm(second)))]
                    minutes[second / 60, default: Rollup()].add(bpm(second))
                    hours[second / 3600, default: Rollup()].add(bpm(second))
                }
                try db.execute(
                    sql: "INSERT INTO heart_rate_blocks (start, bpm, rr) VALUES (?, ?, ?)",
                    arguments: [start, Data(stored.beatsPerMinute), stored.encodedIntervals()])
            }
            for (table, key, rollups) in [
                ("heart_rate_minutes", "minute", minutes), ("heart_rate_hours", "hour", hours),
            ] {
                for (at, rollup) in rollups {
                    try db.execute(
                        sql: "INSERT INTO \(table) (\(key), minimum, maximum, total, count) VALUES (?, ?, ?, ?, ?)",
                        arguments: [at, rollup.minimum, rollup.maximum, rollup.total, rollup.count])
                }
            }
        }
    }

    static func oldStore(profile: Bool) throws -> (TemporaryDirectory, HubStore) {
        let directory = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: directory.url.appendingPathComponent(HubStore.fileName).path, upTo: v13, then: oldRows(profile: profile)
        )
        return (directory, try HubStore(directory: directory.url))
    }

    /// Checks that every workout, goal, reminder and heart-rate second of `oldRows` reads back.
    static func expectEverythingKept(in store: HubStore) async throws {
        let workouts = try await store.workouts()
        #expect(workouts.map(\.id) == [2, 1])
        #expect(workouts.map(\.totals.distanceMeters) == [1000, 2000])
        #expect(try await store.samples(of: 1).map(\.heartRate) == [120, 121])
        #expect(try await store.laps(of: 1).count == 1)
        #expect(try await store.pauses(of: 1).count == 1)
        #expect(try await store.activeGoal() == Goal(kind: .kcal, target: 400))
        #expect(try await store.goalAutoStop())
        #expect(try await store.reminders().map(\.title) == ["Run"])

        let from = Date(timeIntervalSince1970: TimeInterval(day))
        let points = try await store.heartRate(from: from, to: from.addingTimeInterval(1200), maxPoints: 1200)
        #expect(points.map { Int64($0.start.timeIntervalSince1970) } == heartRateSeconds)
        #expect(points.map { UInt8($0.maximum) } == heartRateSeconds.map(bpm))
        let intervals = try await store.heartRateIntervals(from: from, to: from.addingTimeInterval(1200))
        #expect(intervals == heartRateSeconds.map { UInt16(1024 * 60 / Int(bpm($0))) })
        // The roll-ups came across too: an hour's plot reads them, not the seconds.
        let hourly = try await store.heartRate(from: from, to: from.addingTimeInterval(86_400), maxPoints: 24)
        #expect(hourly.reduce(0) { $0 + $1.count } == heartRateSeconds.count)
        #expect(try await store.heartRateByDay(from: from, to: from.addingTimeInterval(86_400)).first?.count == 480)
    }

    @Test func theProfileBecomesTheFirstPersonWithEveryWorkoutGoalReminderAndHeartRateSecond() async throws {
        let (directory, store) = try Self.oldStore(profile: true)
        _ = directory

        let alex = Profile(
            name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 170, weightKilograms: 62.5,
            heartRateMonitoring: true, ftpWatts: 230)
        #expect(try await store.people() == [Person(id: 1, name: "Alex", profile: alex, isCurrent: true)])
        #expect(try await store.profile() == alex)
        try await Self.expectEverythingKept(in: store)
        #expect(
            try await store.belongings(of: 1)
                == PersonBelongings(workouts: 2, goals: 2, reminders: 1, heartRateHours: 1))
        let counts = try await store.rowCounts()
        #expect(counts["people"] == 1 && counts["workouts"] == 2 && counts["workout_samples"] == 3)
        #expect(counts["heart_rate_blocks"] == 2 && counts["heart_rate_minutes"] == 9)
    }

    @Test func theFirstPersonsRowsStayTheirsWhenASecondPersonIsAddedAndUsed() async throws {
        let (directory, store) = try Self.oldStore(profile: true)
        _ = directory
        try await store.addPerson(named: "Sam")
        try await store.setCurrentPerson(named: "Sam")
        #expect(try await store.workouts().isEmpty)
        #expect(try await store.activeGoal() == nil)
        #expect(try await store.reminders().isEmpty)
        let from = Date(timeIntervalSince1970: TimeInterval(Self.day))
        #expect(try await store.heartRate(from: from, to: from.addingTimeInterval(1200)).isEmpty)

        try await store.setCurrentPerson(named: "alex")
        try await Self.expectEverythingKept(in: store)
    }

    @Test func withoutAProfileNobodyIsMadeAndNothingIsLostTheFirstPersonAddedTakesIt() async throws {
        let (directory, store) = try Self.oldStore(profile: false)
        _ = directory
        #expect(try await store.people().isEmpty)
        #expect(try await store.profile() == nil)
        try await Self.expectEverythingKept(in: store)

        let sam = try await store.addPerson(named: "Sam")
        #expect(sam.isCurrent)
        try await Self.expectEverythingKept(in: store)
        #expect(
            try await store.belongings(of: sam.id)
                == PersonBelongings(workouts: 2, goals: 2, reminders: 1, heartRateHours: 1))
    }

    @Test func aChangeToPeopleCountsAsAProfileChangeAndSwitchingPersonAsAGoalAndReminderChange() async throws {
        let (directory, store) = try Self.oldStore(profile: true)
        _ = directory
        let before = try await store.changeVersions()
        try await store.addPerson(named: "Sam")
        let added = try await store.changeVersions()
        #expect(added[.profile] == (before[.profile] ?? 0) + 1)
        try await store.setCurrentPerson(named: "Sam")
        let switched = try await store.changeVersions()
        #expect(switched[.profile] == (added[.profile] ?? 0) + 1)
        #expect(switched[.goals] == (added[.goals] ?? 0) + 1)
        #expect(switched[.reminders] == (added[.reminders] ?? 0) + 1)
    }
}
