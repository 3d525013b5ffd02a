import Foundation
import HubCore
import HubTestKit
import Testing

@Suite struct WorkoutEngineTests {
    typealias Harness = EngineHarness

    @Test func recordsARunningWorkoutSecondBySecond() async throws {
        let harness = try Harness()
        try await harness.run {
            let started = try await harness.send(.start)
            #expect(started.state == .running)
            #expect(started.previous == .idle)
            let id = try #require(started.workoutID)

            var distance = 0.0
            var last: WorkoutProgress?
            for second in 1...5 {
                let progress = try await harness.second(fix: second - 1, heartRate: 120 + second)
                if second > 1 { distance += Harness.meters(from: second - 2, to: second - 1) }
                #expect(progress.workoutID == id)
                #expect(progress.state == .running)
                #expect(progress.moving == .seconds(second))
                #expect(progress.elapsed == .seconds(second))
                #expect(progress.totals.movingSeconds == second)
                #expect(abs(progress.totals.distanceMeters - distance) < 1e-9)
                #expect(progress.currentHeartRate == 120 + second)
                last = progress
            }

            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            #expect(samples.map(\.second) == [1, 2, 3, 4, 5])
            #expect(samples.map(\.recordedAt) == (1...5).map { Date.testStart(plus: Double($0)) })
            #expect(samples.map(\.heartRate) == [121, 122, 123, 124, 125])
            #expect(samples.map(\.latitude) == (0..<5).map { Harness.fix($0).latitude })
            #expect(samples.map(\.longitude) == Array(repeating: Harness.origin.longitude, count: 5))
            // The first fix only sets the start: no distance, so no speed, in the first second.
            let speeds = [0] + (1..<5).map { Harness.meters(from: $0 - 1, to: $0) }
            for (sample, speed) in zip(samples, speeds) {
                #expect(abs(try #require(sample.speedMetersPerSecond) - speed) < 1e-9)
            }
            // Keytel's equation (heart rate 90 or more) for the average adult used until a profile is set: 70 kg,
            // 35 years, the mean of the male and female equations. Male: -55.0969 + 0.6309 hr + 0.1988 × 70 +
            // 0.2017 × 35 = -34.1214 + 0.6309 hr; female: -20.4022 + 0.4472 hr - 0.1263 × 70 + 0.0740 × 35 =
            // -26.6532 + 0.4472 hr; mean -30.3873 + 0.53905 hr kJ a minute, ÷ 4.184 ÷ 60 for kcal a second.
            // hr 121: 34.83775 kJ/min = 0.1387737 kcal/s; 122: 0.1409210; 123: 0.1430682; 124: 0.1452155;
            // 125: 0.1473628. The samples carry the running total.
            let kilocalories = [0.1387737, 0.2796947, 0.4227629, 0.5679784, 0.7153412]
            #expect(samples.count == kilocalories.count)
            for (sample, expected) in zip(samples, kilocalories) {
                #expect(abs(sample.kilocalories - expected) < 1e-6, "\(sample.kilocalories) kcal, not \(expected)")
            }
            #expect(abs(try #require(samples.last).distanceMeters - distance) < 1e-9)
            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .running)
            #expect(stored.totals == last?.totals)
        }
    }

    /// Indoors, no GPS, at 80 bpm (under Keytel's 90): each second counts 2.8 MET for the unknown person's 70 kg,
    /// 2.8 · 70 / 3600 kcal; a minute 2.8 · 70 / 60 = 3.2667 kcal (it was 0).
    @Test func anIndoorWorkoutBelowNinetyBeatsPerMinuteCountsEnergy() async throws {
        let harness = try Harness()
        try await harness.run {
            _ = try await harness.send(.start)
            var last: WorkoutProgress?
            for _ in 1...60 { last = try await harness.second(heartRate: 80) }
            let totals = try #require(last).totals
            #expect(totals.movingSeconds == 60)
            #expect(totals.distanceMeters == 0)
            #expect(abs(totals.kilocalories - 3.266_666_7) < 1e-6)
        }
    }

    @Test func readingsRightBehindTheStartCommandAllCountBeforeTheEngineHasHandledIt() async throws {
        let harness = try Harness()
        try await harness.run {
            // Published in one go, before the engine can have handled the start: while idle, a newer reading of a
            // kind replaces the older one waiting (only the latest matters then), but from the start command on
            // every reading counts.
            harness.bus.publish(StepsCounted(totalSteps: 40, source: "test", timestamp: harness.clock.now))
            harness.bus.publish(WorkoutCommand(.start))
            for total in [100, 103, 106] {
                harness.bus.publish(StepsCounted(totalSteps: total, source: "test", timestamp: harness.clock.now))
            }
            #expect(try await harness.states.next().state == .running)
            let progress = try await harness.second()
            #expect(progress.totals.steps == 6, "steps from the workout's first total (100) to its last (106)")
        }
    }

    @Test func pausingStopsTheCountAndStoppingFinishesTheWorkout() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for second in 0..<3 { _ = try await harness.second(fix: second, heartRate: 130) }

            let paused = try await harness.send(.pause)
            #expect((paused.state, paused.previous) == (.paused, .running))
            for second in 1...3 {
                // Walking about during the pause does not count.
                let progress = try await harness.second(fix: 50 + second, heartRate: 130)
                #expect(progress.state == .paused)
                #expect(progress.moving == .seconds(3))
                #expect(progress.elapsed == .seconds(3 + second))
                #expect(progress.currentSpeedMetersPerSecond == nil)
                #expect(abs(progress.totals.distanceMeters - Harness.meters(from: 0, to: 2)) < 1e-9)
            }
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).count == 3)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.status == .paused)

            #expect(try await harness.send(.resume).state == .running)
            for second in 0..<2 {
                let progress = try await harness.second(fix: 100 + second, heartRate: 130)
                #expect(progress.moving == .seconds(4 + second))
            }

            let finished = try await harness.send(.stop)
            #expect((finished.state, finished.previous) == (.finished, .running))
            let summary = try #require(finished.summary)
            let distance =
                Harness.meters(from: 0, to: 1) + Harness.meters(from: 1, to: 2) + Harness.meters(from: 100, to: 101)
            #expect(summary.id == id)
            #expect(summary.status == .finished)
            #expect(summary.startedAt == Date.testStart())
            #expect(summary.endedAt == Date.testStart(plus: 8))
            #expect(summary.totals.movingSeconds == 5)
            #expect(abs(summary.totals.distanceMeters - distance) < 1e-9)
            #expect(summary.totals.averageHeartRate == 130)

            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .finished)
            #expect(stored.endedAt == Date.testStart(plus: 8))
            #expect(stored.totals == summary.totals)
            try await harness.saved()
            #expect(
                try await harness.store.pauses(of: id) == [
                    WorkoutPause(startedAt: .testStart(plus: 3), endedAt: .testStart(plus: 6))
                ])
            try await harness.saved()
            #expect(
                try await harness.store.samples(of: id).map(\.recordedAt)
                    == [1, 2, 3, 7, 8].map { Date.testStart(plus: $0) })
            try await harness.saved()
            #expect(try await harness.store.unfinishedWorkout() == nil)
        }
    }

    @Test
    func aMissedFixDoesNotDoubleTheSpeed() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            // A steady 2.2 m/s due north; the receiver misses the fix of the third second.
            for (second, fix) in [0, 1, nil, 3].enumerated() {
                let progress = try await harness.second(fix: fix)
                #expect(progress.moving == .seconds(second + 1))
            }
            let step = Harness.meters(from: 0, to: 1)
            try await harness.saved()
            let speeds = try await harness.store.samples(of: id).map(\.speedMetersPerSecond)
            #expect(speeds.count == 4)
            let last = try #require(speeds.last ?? nil)
            #expect(abs(last - step) < 0.1, "\(speeds) for a steady \(step) m/s")
            try await harness.saved()
            #expect(abs(try #require(try await harness.store.workout(id)?.totals.maxSpeedMetersPerSecond) - step) < 0.1)
        }
    }

    @Test
    func aJumpBackToTheStartIsNotCountedAsDistance() async throws {
        // What a repeating simulation (or a GPS glitch that persists) looks like: 2.2 m/s due north, then the
        // fixes carry on from 138 m further south.
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for fix in [0, 1, 2, -60, -59, -58, -57, -56] { _ = try await harness.second(fix: fix) }
            try await harness.saved()
            let totals = try #require(try await harness.store.workout(id)?.totals)
            // At most the 6 steps really run; never the jump.
            #expect(totals.distanceMeters <= Harness.meters(from: 0, to: 6) + 0.01)
            #expect(try #require(totals.maxSpeedMetersPerSecond) < 5)
        }
    }

    @Test func aStaleHeartRateIsRecordedAsAGapNotRepeated() async throws {
        let harness = try Harness()  // heart-rate timeout: 5 s
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            var shown: [Int?] = []
            // One reading at 0.5 s, then the strap goes quiet.
            shown.append(try await harness.second(heartRate: 150).currentHeartRate)
            for _ in 2...8 { shown.append(try await harness.second().currentHeartRate) }

            try await harness.saved()
            let recorded = try await harness.store.samples(of: id).map(\.heartRate)
            #expect(recorded == [150, 150, 150, 150, 150, nil, nil, nil])
            #expect(shown == recorded)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.totals.averageHeartRate == 150)
        }
    }

    @Test func aSpedUpSimulationAllowsOneRealSecondBeforeAReadingIsStale() async throws {
        let harness = try Harness(speed: 20)  // heart-rate timeout: 5 s of hub time, but 20 s make one real second
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            // One reading at 0.5 s, then nothing for 22 s.
            _ = try await harness.second(heartRate: 150)
            for _ in 2...22 { _ = try await harness.second() }

            try await harness.saved()
            let recorded = try await harness.store.samples(of: id).map(\.heartRate)
            #expect(recorded == Array(repeating: 150, count: 20) + [nil, nil])
        }
    }

    @Test func aReadingWithoutSkinContactIsAGap() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second(heartRate: 140)
            harness.clock.advance(by: .milliseconds(500))
            harness.bus.publish(
                HeartRateMeasured(beatsPerMinute: 72, contact: .noContact, source: "test", timestamp: harness.clock.now)
            )
            harness.clock.advance(by: .milliseconds(500))
            #expect(try await harness.progress.next().currentHeartRate == nil)
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.heartRate) == [140, nil])
        }
    }

    @Test func closesLapsAndTheLastLapAtTheEnd() async throws {
        let harness = try Harness()
        let laps = harness.bus.inbox(of: LapCompleted.self)
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for second in 0..<3 { _ = try await harness.second(fix: second) }
            harness.bus.publish(WorkoutCommand(.lap))
            let first = try await laps.next()
            let lap1 = WorkoutLap(
                number: 1, endedAt: .testStart(plus: 3), movingSeconds: 3,
                distanceMeters: Harness.meters(from: 0, to: 1) + Harness.meters(from: 1, to: 2))
            #expect(first == LapCompleted(workoutID: id, lap: lap1))

            for second in 3..<5 { _ = try await harness.second(fix: second) }
            _ = try await harness.send(.stop)
            try await harness.saved()
            let stored = try await harness.store.laps(of: id)
            #expect(stored.count == 2)
            #expect(stored.first == lap1)
            let lap2 = try #require(stored.last)
            #expect((lap2.number, lap2.endedAt, lap2.movingSeconds) == (2, .testStart(plus: 5), 2))
            #expect(abs(lap2.distanceMeters - Harness.meters(from: 2, to: 4)) < 1e-9)
        }
    }

    @Test func refusesACommandThatDoesNotFitTheState() async throws {
        let harness = try Harness()
        let announcements = harness.bus.inbox(of: Announcement.self)
        try await harness.run {
            harness.bus.publish(WorkoutCommand(.pause))
            #expect(try await announcements.next() == Announcement("No workout is under way."))
            _ = try await harness.send(.start)
            #expect(try await announcements.next() == Announcement("Workout started."))
            harness.bus.publish(WorkoutCommand(.start))
            #expect(try await announcements.next() == Announcement("A workout is already under way."))
            try await harness.saved()
            #expect(try await harness.store.workouts().count == 1)
        }
    }
}
