import Foundation
import HubCore
import HubTestKit
import Testing

/// Speed, distance, cadence and power from the bike and gym sensors, chosen by the workout's kind.
@Suite struct WorkoutEngineMotionTests {
    typealias Harness = EngineHarness

    /// Starts a workout of `kind` and returns its id.
    static func start(_ kind: WorkoutKind, in harness: Harness) async throws -> WorkoutID {
        harness.bus.publish(WorkoutCommand(.start, kind: kind))
        return try #require(try await harness.states.next().workoutID)
    }

    /// One second of hub time: `publish` half a second in (the sensors' readings), then the second's end.
    static func second(_ harness: Harness, _ publish: (MessageBus, Date) -> Void = { _, _ in }) async throws
        -> WorkoutProgress
    {
        harness.clock.advance(by: .milliseconds(500))
        publish(harness.bus, harness.clock.now)
        harness.clock.advance(by: .milliseconds(500))
        return try await harness.progress.next()
    }

    static func wheel(_ speed: Double?, total: Double?, _ bus: MessageBus, _ now: Date, device: String = "csc") {
        bus.publish(
            SpeedMeasured(
                speedMetersPerSecond: speed, totalDistanceMeters: total, origin: .wheel, source: device, timestamp: now)
        )
    }

    static func machine(_ speed: Double?, total: Double?, _ bus: MessageBus, _ now: Date) {
        bus.publish(
            SpeedMeasured(
                speedMetersPerSecond: speed, totalDistanceMeters: total, origin: .machine, source: "trainer",
                timestamp: now))
    }

    @Test func anIndoorRideCountsTheWheelSensorsDistanceAcrossARestartAndIgnoresGPSAndTheTrainer() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            // The wheel sensor's own total: 1000 m when first seen (the baseline), then 8 m a second; it reconnects
            // and starts again from 0. The trainer and a GPS fix say other things, and the wheel comes first.
            for (index, total) in [1000.0, 1008, 1016, 0, 8, 16].enumerated() {
                _ = try await Self.second(harness) { bus, now in
                    Self.wheel(8, total: total, bus, now)
                    Self.machine(3, total: 500 + Double(index) * 3, bus, now)
                    bus.publish(
                        PositionMeasured(
                            latitude: 48 + Double(index) * 0.001, longitude: 11.5, source: "gps", timestamp: now))
                }
            }
            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            // 0, 8, 8, then 0 for the restart, 8, 8: 32 m; never the 1016 m the total went back.
            #expect(samples.map(\.distanceMeters) == [0, 8, 16, 16, 24, 32])
            #expect(samples.map(\.speedMetersPerSecond) == Array(repeating: 8, count: 6))
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.totals.distanceMeters == 32)
        }
    }

    @Test func aStaleSourceGivesWayToTheNextInTheKindsOrder() async throws {
        let harness = try Harness(settings: WorkoutSettings(heartRateTimeout: .seconds(2)))
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            var speeds: [Double?] = []
            for second in 1...6 {
                let progress = try await Self.second(harness) { bus, now in
                    // The wheel sensor goes quiet after 3 s; the trainer goes on, 6 m a second.
                    if second <= 3 { Self.wheel(5, total: Double(second - 1) * 5, bus, now) }
                    Self.machine(6, total: 100 + Double(second) * 6, bus, now)
                }
                speeds.append(progress.currentSpeedMetersPerSecond)
            }
            // Second 4: the wheel's reading of 2.5 s is 1.5 s old, fresh, with no new distance. Second 5: 2.5 s
            // old, stale: the trainer's 6 m of that second count, and of the next.
            #expect(speeds == [5, 5, 5, 5, 6, 6])
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.distanceMeters) == [0, 5, 10, 10, 16, 22])
        }
    }

    @Test func speedSourcesInTheConfigurationOverrideTheKindsOrder() async throws {
        let harness = try Harness(settings: WorkoutSettings(speedSources: [.indoorRide: [.machine, .wheel]]))
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            for second in 1...3 {
                _ = try await Self.second(harness) { bus, now in
                    Self.wheel(8, total: Double(second) * 8, bus, now)
                    // The trainer sends no total: its speed is integrated, 3 m a second.
                    Self.machine(3, total: nil, bus, now)
                }
            }
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.distanceMeters) == [3, 6, 9])
        }
    }

    @Test func cadenceAndPowerAreStoredEverySecondWithTheirTotalsAndPowerDecidesTheCalories() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            var shown: [WorkoutProgress] = []
            for watts in [180, 200, 220] {
                shown.append(
                    try await Self.second(harness) { bus, now in
                        bus.publish(HeartRateMeasured(beatsPerMinute: 150, source: "strap", timestamp: now))
                        bus.publish(CadenceMeasured(perMinute: 89.6, origin: .wheel, source: "csc", timestamp: now))
                        bus.publish(PowerMeasured(watts: watts, origin: .wheel, source: "meter", timestamp: now))
                    })
            }
            #expect(shown.map(\.currentPowerWatts) == [180, 200, 220])
            #expect(shown.map(\.currentCadence) == [90, 90, 90])
            #expect(shown.map(\.threeSecondPowerWatts) == [180, 190, 200])
            #expect(shown.map(\.kind) == [.indoorRide, .indoorRide, .indoorRide])
            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            #expect(samples.map(\.powerWatts) == [180, 200, 220])
            #expect(samples.map(\.cadence) == [90, 90, 90])
            #expect(samples.map(\.heartRate) == [150, 150, 150])
            // 600 J = 0.6 kJ over a gross efficiency of 24 %: 0.6 ÷ 4.184 ÷ 0.24 = 0.5975143 kcal (Keytel at 150
            // bpm would say about 0.45).
            #expect(abs((samples.last?.kilocalories ?? 0) - 0.597_514_3) < 1e-6)
            try await harness.saved()
            let totals = try #require(try await harness.store.workout(id)?.totals)
            #expect(totals.averagePower == 200)
            #expect(totals.maxPower == 220)
            #expect(totals.workKilojoules == 0.6)
            #expect(totals.normalizedPower == nil)
            #expect(totals.averageCadence == 90)
            #expect(totals.maxCadence == 90)
        }
    }

    @Test func aStalePowerReadingIsAGapNotRepeated() async throws {
        let harness = try Harness()  // timeout: 5 s
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            _ = try await Self.second(harness) { bus, now in
                bus.publish(PowerMeasured(watts: 250, origin: .machine, source: "trainer", timestamp: now))
            }
            for _ in 2...7 { _ = try await Self.second(harness) }
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.powerWatts) == [250, 250, 250, 250, 250, nil, nil])
        }
    }

    /// A power meter that says it is lost leaves a gap from that second, not its last watts until they go stale; a
    /// second sensor's readings go on counting.
    @Test func aLostSensorsPowerIsAGapAtOnceAndTheOthersGoOn() async throws {
        let harness = try Harness()  // timeout: 5 s
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            _ = try await Self.second(harness) { bus, now in
                bus.publish(PowerMeasured(watts: 250, origin: .machine, source: "Trainer (A)", timestamp: now))
                bus.publish(CadenceMeasured(perMinute: 90, origin: .wheel, source: "Speed (B)", timestamp: now))
            }
            _ = try await Self.second(harness) { bus, _ in
                bus.publish(
                    SensorStatusChanged(
                        sensor: .init(rawValue: "fitness machine"), status: .lost, device: "Trainer (A)"))
            }
            _ = try await Self.second(harness)
            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            #expect(samples.map(\.powerWatts) == [250, nil, nil])
            #expect(samples.map(\.cadence) == [90, 90, 90])
        }
    }

    @Test func theMachinesHeartRateStandsInOnlyWithoutAFreshStrapReading() async throws {
        let harness = try Harness(settings: WorkoutSettings(heartRateTimeout: .seconds(1)))
        try await harness.run {
            let id = try await Self.start(.treadmill, in: harness)
            for second in 1...4 {
                _ = try await Self.second(harness) { bus, now in
                    if second <= 2 {
                        bus.publish(HeartRateMeasured(beatsPerMinute: 140, source: "strap", timestamp: now))
                    }
                    bus.publish(MachineMeasured(heartRate: 120, source: "treadmill", timestamp: now))
                }
            }
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.heartRate) == [140, 140, 120, 120])
        }
    }

    @Test func lapsCarryTheirOwnAveragePowerAndCadence() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try await Self.start(.indoorRide, in: harness)
            for (watts, cadence) in [(100, 80.0), (120, 84), (300, 100), (310, 102)] {
                if watts == 300 { harness.bus.publish(WorkoutCommand(.lap)) }
                _ = try await Self.second(harness) { bus, now in
                    bus.publish(PowerMeasured(watts: watts, origin: .wheel, source: "meter", timestamp: now))
                    bus.publish(CadenceMeasured(perMinute: cadence, origin: .wheel, source: "meter", timestamp: now))
                }
            }
            #expect(try await harness.send(.stop).state == .finished)
            try await harness.saved()
            let laps = try await harness.store.laps(of: id)
            #expect(laps.map(\.averagePower) == [110, 305])
            #expect(laps.map(\.averageCadence) == [82, 101])
        }
    }

    @Test func anIndoorRideResumedAfterACrashKeepsItsPowerCadenceAndTheLapUnderWay() async throws {
        let harness = try Harness()  // resume within 10 minutes
        let start = Date.testStart(plus: -100)
        let id = try await harness.store.startWorkout(
            at: start, goal: nil, simulated: false, seenAt: nil, kind: .indoorRide)
        // 60 stored seconds: 100 W at 80 rpm, then 200 W at 90 rpm from second 31, after a lap at 30 s.
        let samples = (1...60).map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: nil, latitude: nil,
                longitude: nil, speedMetersPerSecond: 8, distanceMeters: 8 * Double(second), kilocalories: 0,
                steps: nil, cadence: second <= 30 ? 80 : 90, powerWatts: second <= 30 ? 100 : 200)
        }
        try await harness.store.recordSamples(samples, totals: WorkoutMetrics(restoring: samples).totals, of: id)
        try await harness.store.recordLap(
            WorkoutLap(
                number: 1, endedAt: start.addingTimeInterval(30), movingSeconds: 30, distanceMeters: 240,
                averagePower: 100, averageCadence: 80), of: id)
        let laps = harness.bus.inbox(of: LapCompleted.self)
        try await harness.run {
            #expect(try await harness.states.next().state == .running)
            let progress = try await Self.second(harness) { bus, now in
                bus.publish(PowerMeasured(watts: 260, origin: .wheel, source: "meter", timestamp: now))
                bus.publish(CadenceMeasured(perMinute: 96, origin: .wheel, source: "meter", timestamp: now))
            }
            #expect(progress.kind == .indoorRide)
            #expect(progress.moving == .seconds(61))
            // 30 × 100 + 30 × 200 + 260 = 9260 W·s; cadence (30 × 80 + 30 × 90 + 96) ÷ 61 = 5196 ÷ 61.
            #expect(progress.totals.workKilojoules == 9.26)
            #expect(progress.totals.maxPower == 260)
            #expect(progress.totals.averageCadence == 5196.0 / 61)
            harness.bus.publish(WorkoutCommand(.lap))
            let lap = try await laps.next().lap
            // Lap 2 is seconds 31 to 61: (30 × 200 + 260) ÷ 31 W and (30 × 90 + 96) ÷ 31 rpm.
            #expect(lap.number == 2)
            #expect(lap.averagePower == 6260.0 / 31)
            #expect(lap.averageCadence == 2796.0 / 31)
        }
    }
}
