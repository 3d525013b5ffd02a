import Foundation
import HubCore
import Programs
import Testing

@testable import GuidedWorkouts

/// A run fed one second at a time, everything it returned written down with the second it came at.
struct RunDriver {
    var run: ProgramRun
    var second = 0
    var distanceMeters = 0.0
    var log: [String] = []

    /// The wall-clock label of second 0, when the figures carry labels.
    var origin: Date?

    init(_ program: Program, settings: ProgramRun.Settings = .init(), origin: Date? = nil) {
        run = ProgramRun(program: program, settings: settings)
        self.origin = origin
        note(run.start(at: .init(moving: .zero, at: origin)))
    }

    /// Seconds up to `last`, each with the power and heart rate `figures` gives for it, and `metersPerSecond`.
    mutating func run(
        to last: Int, metersPerSecond: Double = 0,
        figures: (Int) -> (power: Int?, heartRate: Int?) = { _ in (nil, nil) }
    ) {
        while second < last {
            second += 1
            distanceMeters += metersPerSecond
            let (power, heartRate) = figures(second)
            note(
                run.update(
                    .init(
                        moving: .seconds(second), distanceMeters: distanceMeters, powerWatts: power,
                        heartRate: heartRate, at: origin.map { $0 + Double(second) })))
        }
    }

    mutating func handle(_ command: ProgramRun.Command) { note(run.handle(command)) }

    private mutating func note(_ outputs: [ProgramRun.Output]) {
        for output in outputs {
            switch output {
            case .say(let text): log.append("\(second): \(text)")
            case .target(.power(let watts)): log.append("\(second): target \(watts) W")
            case .target(let other): log.append("\(second): target \(other)")
            case .stepStarted(let number, let count, _): log.append("\(second): step \(number) of \(count)")
            case .finished: log.append("\(second): finished")
            }
        }
    }
}

@Suite struct ProgramRunTests {
    static func interval(
        _ name: String, role: Interval.Role = .work, seconds: Int, _ intensity: Target.Intensity? = nil
    ) -> ProgramStep {
        .interval(
            Interval(
                name: name, role: role, length: .time(.seconds(seconds)),
                target: intensity.map { Target(intensity: $0) }))
    }

    static let shortIntervals = Program(
        name: "Short intervals", kind: .indoorRide,
        steps: [
            interval("Warm-up", role: .warmUp, seconds: 30, .power(watts: 150)),
            .repeat(
                count: 2,
                steps: [
                    interval("Hard", seconds: 20, .ftp(percent: 100)),
                    interval("Recover", role: .recover, seconds: 10, .power(watts: 100)),
                ]),
        ])

    @Test func announcesCountsDownAndSendsTargetsOfAnIntervalProgramInOrder() {
        var driver = RunDriver(Self.shortIntervals, settings: .init(ftpWatts: 200))
        driver.run(to: 95)
        #expect(
            driver.log == [
                "0: step 1 of 5", "0: Warm-up: 30 seconds, 150 watts", "0: target 150 W",
                "20: 10 seconds", "27: 3, 2, 1, go",
                "30: step 2 of 5", "30: Interval 1 of 2: 20 seconds, 200 watts", "30: target 200 W",
                "40: 10 seconds", "47: 3, 2, 1, go",
                "50: step 3 of 5", "50: Recover: 10 seconds, 100 watts", "50: target 100 W",
                "57: 3, 2, 1, go",
                "60: step 4 of 5", "60: Interval 2 of 2: 20 seconds, 200 watts", "60: target 200 W",
                "70: 10 seconds", "77: 3, 2, 1, go",
                "80: step 5 of 5", "80: Recover: 10 seconds, 100 watts", "80: target 100 W",
                "87: 3, 2, 1",
                "90: Short intervals done. Well done!", "90: finished",
            ])
        #expect(driver.run.isFinished)
        #expect(driver.run.records.map(\.outcome) == Array(repeating: .completed, count: 5))
        #expect(driver.run.records.map(\.time) == [30, 20, 10, 20, 10].map { .seconds($0) })
    }

    @Test func withoutAnFTPATargetInPercentOfFTPSendsNothing() {
        var driver = RunDriver(Self.shortIntervals)
        driver.run(to: 31)
        #expect(driver.log.suffix(2) == ["30: step 2 of 5", "30: Interval 1 of 2: 20 seconds"])
    }

    static let strength = Program(
        name: "Strength", kind: .strength,
        steps: [
            .exercise(
                Exercise(
                    name: "Bench press", sets: 3, work: .repetitions(10), weightKilograms: 60,
                    restBetweenSets: .seconds(90))),
            .exercise(Exercise(name: "Plank", sets: 1, work: .time(.seconds(30)))),
        ])

    @Test func aStrengthProgramWaitsForDoneRestsBetweenSetsAndSkips() throws {
        var driver = RunDriver(Self.strength)
        driver.run(to: 40)
        driver.handle(.done(repetitions: nil))
        driver.run(to: 160)
        driver.handle(.done(repetitions: 8))
        driver.run(to: 170)
        driver.handle(.skip)
        driver.run(to: 200)
        driver.handle(.done(repetitions: nil))
        driver.run(to: 240)
        #expect(
            driver.log == [
                "0: step 1 of 6", "0: Set 1 of 3, bench press, 10 reps at 60 kilos",
                "40: step 2 of 6", "40: Rest 90 seconds", "120: 10 seconds", "127: 3, 2, 1, go",
                "130: step 3 of 6", "130: Set 2 of 3, bench press, 10 reps at 60 kilos",
                "160: step 4 of 6", "160: Rest 90 seconds",
                "170: step 5 of 6", "170: Set 3 of 3, bench press, 10 reps at 60 kilos",
                "200: step 6 of 6", "200: Plank, 30 seconds", "220: 10 seconds", "227: 3, 2, 1",
                "230: Strength done. Well done!", "230: finished",
            ])
        let records = driver.run.records
        try #require(records.count == 6)
        #expect(records.map(\.outcome) == [.completed, .completed, .completed, .skipped, .completed, .completed])
        #expect(records.map(\.repetitions) == [10, nil, 8, nil, 10, nil])
        #expect(records.map(\.plannedRepetitions) == [10, nil, 10, nil, 10, nil])
        #expect(records.map(\.time) == [40, 90, 30, 10, 30, 30].map { .seconds($0) })
        #expect(records[3].plannedTime == .seconds(90))
    }

    @Test func aPauseInTheMiddleOfARestStopsItsClock() {
        let program = Program(
            name: "Two sets", kind: .strength,
            steps: [
                .exercise(Exercise(name: "Squat", sets: 2, work: .repetitions(5), restBetweenSets: .seconds(30)))
            ])
        var driver = RunDriver(program)
        driver.run(to: 5)
        driver.handle(.done(repetitions: nil))
        driver.run(to: 15)
        driver.handle(.pause)
        driver.run(to: 40)
        driver.handle(.resume)
        driver.run(to: 65)
        #expect(
            driver.log == [
                "0: step 1 of 3", "0: Set 1 of 2, squat, 5 reps",
                "5: step 2 of 3", "5: Rest 30 seconds", "50: 10 seconds", "57: 3, 2, 1, go",
                "60: step 3 of 3", "60: Set 2 of 2, squat, 5 reps",
            ])
        #expect(driver.run.records.last?.time == .seconds(30))
    }

    @Test func aRampSendsANewTargetEveryTenSecondsAlongIt() {
        let program = Program(
            name: "Ramp", kind: .indoorRide,
            steps: [Self.interval("Build", seconds: 60, .ftpRamp(fromPercent: 50, toPercent: 100))])
        var driver = RunDriver(program, settings: .init(ftpWatts: 200))
        driver.run(to: 61)
        #expect(
            driver.log.first { $0.hasPrefix("0: Build") } == "0: Build: 1 minute, ramp from 50 to 100 percent of FTP")
        #expect(
            driver.log.filter { $0.contains("target") } == [
                "0: target 100 W", "10: target 117 W", "20: target 133 W", "30: target 150 W", "40: target 167 W",
                "50: target 183 W",
            ])
    }

    @Test func easierAndHarderShiftEveryTargetByFivePercent() {
        let program = Program(
            name: "Steady", kind: .indoorRide,
            steps: [
                Self.interval("One", seconds: 60, .power(watts: 200)),
                Self.interval("Two", seconds: 60, .ftp(percent: 50)),
            ])
        var driver = RunDriver(program, settings: .init(ftpWatts: 400))
        driver.run(to: 5)
        driver.handle(.easier)
        driver.handle(.easier)
        driver.run(to: 6)
        driver.handle(.harder)
        driver.run(to: 61)
        #expect(
            driver.log.filter { !$0.hasSuffix("seconds") && !$0.contains("2, 1") && !$0.contains("Halfway") } == [
                "0: step 1 of 2", "0: One: 1 minute, 200 watts", "0: target 200 W",
                "5: Targets 5 percent easier", "5: target 190 W",
                "5: Targets 10 percent easier", "5: target 180 W",
                "6: Targets 5 percent easier", "6: target 190 W",
                "60: step 2 of 2", "60: Two: 1 minute, 190 watts", "60: target 190 W",
            ])
        driver.handle(.harder)
        #expect(driver.log.suffix(2) == ["61: Targets as planned", "61: target 200 W"])
    }

    @Test func aPowerCrossingTheTargetBackAndForthDoesNotChatter() {
        let program = Program(
            name: "Steady", kind: .indoorRide, steps: [Self.interval("Steady", seconds: 300, .power(watts: 200))])
        var driver = RunDriver(program)
        // 185 is under by more than 5 %, 200 on target: never under for 10 s in a row.
        driver.run(to: 30) { ($0 % 2 == 1 ? 185 : 200, nil) }
        #expect(!driver.log.contains { $0.contains("power") })
        // 188 is under, 193 not back within 2 %: under from second 31 on.
        driver.run(to: 80) { ($0 % 2 == 1 ? 188 : 193, nil) }
        // On target, then over.
        driver.run(to: 120) { _ in (200, nil) }
        driver.run(to: 140) { _ in (230, nil) }
        #expect(
            driver.log.filter { $0.contains("power") } == [
                "41: power 188, target 200, push a little", "131: power 230, target 200, ease off",
            ])
    }

    @Test func aHeartRateAboveItsZoneIsCuedThenLessAndLessOftenWhileItStaysThere() {
        let program = Program(
            name: "Zone 4", kind: .run, steps: [Self.interval("Tempo", seconds: 900, .heartRateZone(4))])
        var driver = RunDriver(program, settings: .init(maxHeartRate: 200))
        // Zone 4 is 160 to 180 a minute; above it from second 21, and 178 is not back under 177.
        driver.run(to: 20) { _ in (nil, 170) }
        driver.run(to: 60) { _ in (nil, 185) }
        driver.run(to: 70) { _ in (nil, 178) }
        driver.run(to: 700) { _ in (nil, 185) }
        // Back within the zone, then over again: said after the usual 30 s gap, not the long one.
        driver.run(to: 710) { _ in (nil, 170) }
        driver.run(to: 760) { _ in (nil, 190) }
        #expect(
            driver.log.filter { $0.hasSuffix("ease off") } == [
                "31: heart rate above zone 4, ease off", "91: heart rate above zone 4, ease off",
                "211: heart rate above zone 4, ease off", "451: heart rate above zone 4, ease off",
                "691: heart rate above zone 4, ease off", "721: heart rate above zone 4, ease off",
            ])
    }

    @Test func aDistanceIntervalEndsOnTheWorkoutsDistanceAndSaysHalfway() {
        let program = Program(
            name: "Kilometre", kind: .run,
            steps: [
                .repeat(
                    count: 2,
                    steps: [
                        .interval(
                            Interval(
                                name: "Fast", length: .distance(meters: 1000),
                                target: Target(intensity: .pace(secondsPerKilometer: 240))))
                    ])
            ])
        var driver = RunDriver(program)
        driver.run(to: 210, metersPerSecond: 5)
        #expect(
            driver.log == [
                "0: step 1 of 2", "0: Interval 1 of 2: 1 kilometre, pace 4:00 a kilometre", "100: Halfway",
                "200: step 2 of 2", "200: Interval 2 of 2: 1 kilometre, pace 4:00 a kilometre",
            ])
        #expect(driver.run.records.first?.distanceMeters == 1000)
    }

    @Test func theWorkoutStoppingKeepsTheStepUnderWayAsStopped() {
        var driver = RunDriver(Self.strength)
        driver.run(to: 12)
        driver.run.stop()
        #expect(driver.run.isFinished)
        #expect(driver.run.records.map(\.outcome) == [.stopped])
        #expect(driver.run.records.first?.repetitions == nil)
    }

    @Test func timedSetsEndByThemselvesAndAnIntervalSaysItsMessages() {
        let program = Program(
            name: "Core", kind: .strength,
            steps: [
                .exercise(Exercise(name: "Plank", sets: 2, work: .time(.seconds(15)))),
                .interval(
                    Interval(
                        name: "Easy", role: .coolDown, length: .time(.seconds(20)),
                        messages: [.init(offset: .seconds(5), text: "Breathe out")])),
            ])
        var driver = RunDriver(program)
        driver.run(to: 60)
        #expect(
            driver.log == [
                "0: step 1 of 3", "0: Set 1 of 2, plank, 15 seconds", "12: 3, 2, 1, go",
                "15: step 2 of 3", "15: Set 2 of 2, plank, 15 seconds", "27: 3, 2, 1, go",
                "30: step 3 of 3", "30: Easy: 20 seconds", "35: Breathe out", "40: 10 seconds", "47: 3, 2, 1",
                "50: Core done. Well done!", "50: finished",
            ])
    }

    @Test func aTreadmillProgramSendsTheBeltsSpeedAndInclineAndAnOutdoorRunSendsNoPace() {
        let hill = Target(intensity: .speed(kilometersPerHour: 10), inclinePercent: 6)
        let steps: [ProgramStep] = [
            .interval(Interval(name: "Hill", length: .time(.seconds(20)), target: hill)),
            .interval(
                Interval(
                    name: "Down", role: .recover, length: .time(.seconds(20)),
                    target: Target(intensity: .pace(secondsPerKilometer: 360)))),
        ]
        var driver = RunDriver(Program(name: "Hills", kind: .treadmill, steps: steps))
        driver.handle(.harder)
        driver.run(to: 20)
        #expect(
            driver.log.filter { $0.contains("target") } == [
                "0: target speed(metersPerSecond: \(10 / 3.6))", "0: target incline(percent: 6.0)",
                "0: target speed(metersPerSecond: \(10.5 / 3.6))",
                "20: target speed(metersPerSecond: \(10.5 / 3.6))",
            ])
        var outdoor = RunDriver(Program(name: "Hills", kind: .run, steps: steps))
        outdoor.run(to: 40)
        #expect(!outdoor.log.contains { $0.contains("target") })
    }

    // MARK: - What the records keep for the store

    @Test func eachRecordKeepsItsPlannedWeightAndStartsWhereTheOneBeforeEnded() throws {
        let origin = Date(timeIntervalSince1970: 1_795_000_000)
        var driver = RunDriver(Self.strength, origin: origin)
        driver.run(to: 40)
        driver.handle(.done(repetitions: 8))
        driver.run(to: 135)
        driver.run.stop(at: origin + 137)
        let records = driver.run.records
        try #require(records.count == 3)
        #expect(records.map(\.plannedWeightKilograms) == [60, nil, 60])
        #expect(records.map(\.startedAt) == [origin, origin + 40, origin + 130])
        // A set ended by `done` ends at the last second the run was given; a stopped step where the stop says.
        #expect(records.map(\.endedAt) == [origin + 40, origin + 130, origin + 137])
        #expect(records.map(\.plannedPowerStartWatts) == [nil, nil, nil])
    }

    @Test func aRecordKeepsThePowerTargetAtTheStepsStartAndEnd() throws {
        let program = Program(
            name: "Ramp and steady", kind: .indoorRide,
            steps: [
                Self.interval("Build", seconds: 60, .ftpRamp(fromPercent: 50, toPercent: 100)),
                Self.interval("Hold", seconds: 30, .ftp(percent: 90)),
                Self.interval("Spin", seconds: 30, .power(watts: 120)),
                Self.interval("Free", seconds: 30),
            ])
        var driver = RunDriver(program, settings: .init(ftpWatts: 200))
        driver.run(to: 60)
        driver.handle(.harder)
        driver.run(to: 150)
        let records = driver.run.records
        try #require(records.count == 4)
        #expect(records.map(\.plannedPowerStartWatts) == [100, 189, 126, nil])
        #expect(records.map(\.plannedPowerEndWatts) == [200, 189, 126, nil])
        #expect(records.allSatisfy { $0.startedAt == nil && $0.endedAt == nil }, "figures without labels")

        var withoutFTP = RunDriver(program)
        withoutFTP.run(to: 150)
        #expect(withoutFTP.run.records.map(\.plannedPowerStartWatts) == [nil, nil, 120, nil])
    }
}
