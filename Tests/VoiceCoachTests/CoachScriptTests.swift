import Foundation
import HubCore
import Testing

@testable import VoiceCoach

@Suite struct CoachScriptTests {
    static func at(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    static func script(
        every: Duration? = .seconds(300), everyMeters: Double? = 1000,
        figures: [SpokenFigure] = [.time, .distance, .averagePace, .heartRate, .goal], zones: ZoneTracker? = nil
    ) -> CoachScript {
        CoachScript(
            settings: CoachScript.Settings(
                phrases: Phrases(units: .metric), every: every, everyMeters: everyMeters, figures: figures),
            zones: zones)
    }

    /// Progress of workout 1 at `moving` seconds, running at 3 m/s.
    static func progress(
        _ moving: Int, meters: Double? = nil, heartRate: Int? = 140, state: WorkoutState = .running,
        workout: WorkoutID = 1
    ) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.movingSeconds = moving
        totals.distanceMeters = meters ?? Double(moving) * 3
        totals.averageSpeedMetersPerSecond = 3
        totals.averageHeartRate = 138
        totals.kilocalories = Double(moving) / 6
        return WorkoutProgress(
            workoutID: workout, state: state, elapsed: .seconds(moving), moving: .seconds(moving), totals: totals,
            currentSpeedMetersPerSecond: 3, currentHeartRate: heartRate, at: at(moving))
    }

    @Test func indoorsAnUpdateAndTheSummaryLeaveOutTheDistanceNothingMeasured() {
        var script = Self.script(everyMeters: nil, figures: [.time, .distance, .heartRate])
        let said = (1...300).flatMap { script.handle(.progress(Self.progress($0, meters: 0)), at: Self.at($0)) }
        #expect(said.map(\.text) == ["5 minutes, heart rate 140."])
        var totals = WorkoutTotals()
        totals.movingSeconds = 600
        totals.kilocalories = 80
        #expect(!script.summaryText(totals).contains("metre"), "\(script.summaryText(totals))")
    }

    /// Speed said as speed: indoors the average over 0 m is no figure, and "average speed 0 kilometres per hour"
    /// is left out of the update and the summary.
    @Test func indoorsAnUpdateAndTheSummaryLeaveOutAnAverageSpeedOfNothingMeasured() {
        var script = CoachScript(
            settings: CoachScript.Settings(
                phrases: Phrases(units: .metric, speedStyle: .speed), every: .seconds(300), everyMeters: nil,
                figures: [.time, .averagePace, .heartRate]),
            zones: nil)
        let said = (1...300).flatMap { second in
            var progress = Self.progress(second, meters: 0)
            progress.totals.averageSpeedMetersPerSecond = 0
            return script.handle(.progress(progress), at: Self.at(second))
        }
        #expect(said.map(\.text) == ["5 minutes, heart rate 140."])
        var totals = WorkoutTotals()
        totals.movingSeconds = 600
        totals.averageSpeedMetersPerSecond = 0
        totals.averageHeartRate = 80
        totals.kilocalories = 33
        #expect(script.summaryText(totals) == "Workout finished. 10 minutes, average heart rate 80, 33 kilocalories.")
    }

    /// A ride's update says the 3 s power and the cadence where the figures ask for them; a run without a power
    /// meter leaves them out.
    @Test func anUpdateSaysPowerAndCadenceWhereMeasured() {
        let script = Self.script(everyMeters: nil, figures: [.time, .power, .cadence])
        var ride = Self.progress(600, meters: 5000)
        ride.kind = .indoorRide
        ride.threeSecondPowerWatts = 211.6
        ride.currentPowerWatts = 215
        ride.currentCadence = 88
        #expect(script.updateText(ride) == "10 minutes, power 212 watts, cadence 88.")
        #expect(script.updateText(Self.progress(600, meters: 5000)) == "10 minutes.")
    }

    /// An indoor ride's summary says its speed (not a pace) and its average power.
    @Test func aRidesSummarySaysSpeedAndPower() {
        let script = Self.script(everyMeters: nil)
        var totals = WorkoutTotals()
        totals.movingSeconds = 1800
        totals.distanceMeters = 15_000
        totals.averageSpeedMetersPerSecond = 15_000.0 / 1800  // 30 km/h
        totals.averagePower = 205
        totals.kilocalories = 400
        #expect(
            script.summaryText(totals, kind: .indoorRide)
                == "Workout finished. 30 minutes, 15 kilometres, average speed 30 kilometres per hour, "
                + "average power 205 watts, 400 kilocalories.")
    }

    @Test func periodicUpdatesComeEveryFiveMinutesOfMovingTime() {
        var script = Self.script(everyMeters: nil)
        var said: [(Int, String)] = []
        for second in 1...1200 {
            for utterance in script.handle(.progress(Self.progress(second)), at: Self.at(second)) {
                said.append((second, utterance.text))
                #expect(utterance.priority == .info)
                #expect(utterance.eventAt == Self.at(second))
            }
        }
        #expect(said.map(\.0) == [300, 600, 900, 1200])
        #expect(said.first?.1 == "5 minutes, 900 metres, average pace 5 minutes 33 per kilometre, heart rate 140.")
        #expect(said.last?.1.hasPrefix("20 minutes, 3.6 kilometres,") == true)
    }

    @Test func periodicUpdatesComeEveryKilometreAndOnceWhenBothAreDue() {
        var script = Self.script(every: .seconds(300), everyMeters: 1000, figures: [.distance])
        var said: [Int] = []
        // 10/3 m a second: 1 km at 300 s, exactly when 5 minutes are due too.
        for second in 1...700 {
            let meters = Double(second) * 10 / 3
            if !script.handle(.progress(Self.progress(second, meters: meters)), at: Self.at(second)).isEmpty {
                said.append(second)
            }
        }
        #expect(said == [300, 600])
        var byDistance = Self.script(every: nil, everyMeters: 500, figures: [.distance])
        let marks = (1...400).filter {
            !byDistance.handle(.progress(Self.progress($0, meters: Double($0) * 4)), at: Self.at($0)).isEmpty
        }
        #expect(marks == [125, 250, 375])
    }

    @Test func pausedProgressSaysNothingAndAResumedWorkoutCountsOnFromWhereItStands() {
        var script = Self.script(everyMeters: nil)
        #expect(script.handle(.progress(Self.progress(301, state: .paused)), at: Self.at(0)).isEmpty)
        // A workout first seen at 7 minutes (resumed after a crash): the next update is at 10 minutes.
        var resumed = Self.script(everyMeters: nil)
        let seconds = (420...660).filter {
            !resumed.handle(.progress(Self.progress($0, workout: 7)), at: Self.at($0)).isEmpty
        }
        #expect(seconds == [600])
    }

    @Test func saysHalfwayOnceWhenTheGoalCrossesFiftyPercent() {
        var script = Self.script(every: nil, everyMeters: nil)
        let goal = Goal(kind: .distance, target: 1000)
        var said: [String] = []
        for second in 1...400 {
            said += script.handle(.progress(Self.progress(second)), at: Self.at(second)).map(\.text)
            // As the goals plugin publishes it after each second: 3 m a second.
            let progress = GoalProgress(workoutID: 1, goal: goal, value: Double(second) * 3)
            said += script.handle(.goal(progress), at: Self.at(second)).map(\.text)
        }
        #expect(said == ["Halfway to your goal of 1 kilometre."])
    }

    @Test func saysNothingOfAGoalSetPastHalfwayAndSaysHalfwayOfTheNextWorkout() {
        var script = Self.script(every: nil, everyMeters: nil)
        let small = Goal(kind: .distance, target: 400), large = Goal(kind: .distance, target: 1000)
        var said: [String] = []
        func second(_ second: Int, workout: WorkoutID, goal: Goal) {
            said += script.handle(.progress(Self.progress(second, workout: workout)), at: Self.at(second)).map(\.text)
            let progress = GoalProgress(workoutID: workout, goal: goal, value: Double(second) * 3)
            said += script.handle(.goal(progress), at: Self.at(second)).map(\.text)
        }
        // 1 km aimed at first (30 %, 31 %), then 400 m set at 100 s: 75 % already, not passed now.
        for s in 100...101 { second(s, workout: 1, goal: large) }
        for s in 102...110 { second(s, workout: 1, goal: small) }
        #expect(said.isEmpty)
        // The next workout: halfway of 400 m at 67 s (201 m).
        for s in 1...70 { second(s, workout: 2, goal: small) }
        #expect(said == ["Halfway to your goal of 400 metres."])
    }

    @Test func anUpdateSaysTheGoalsFigureOfTheSameWorkout() {
        var script = Self.script(every: .seconds(300), everyMeters: nil, figures: [.time, .goal])
        let goal = Goal(kind: .distance, target: 1800)
        #expect(script.handle(.progress(Self.progress(1, workout: 2)), at: Self.at(1)).isEmpty)
        // Workout 1's goal figure is not workout 2's.
        _ = script.handle(.goal(GoalProgress(workoutID: 1, goal: goal, value: 900)), at: Self.at(0))
        let update = script.handle(.progress(Self.progress(300, workout: 2)), at: Self.at(300))
        #expect(update.map(\.text) == ["5 minutes."])
        // 897 m of 1800 m: 49 %.
        _ = script.handle(.goal(GoalProgress(workoutID: 2, goal: goal, value: 897)), at: Self.at(599))
        #expect(
            script.handle(.progress(Self.progress(600, workout: 2)), at: Self.at(600)).map(\.text) == [
                "10 minutes, goal 49 percent."
            ])
    }

    @Test func saysLapsGoalsSummaryAndSensorsInItsOwnWords() {
        var script = Self.script()
        let lap = LapCompleted(
            workoutID: 1, lap: WorkoutLap(number: 2, endedAt: Date(), movingSeconds: 330, distanceMeters: 1000))
        #expect(script.handle(.lap(lap), at: Self.at(1)).map(\.text) == ["Lap 2, 5 minutes 30 seconds, 1 kilometre."])
        let reached = script.handle(
            .goalReached(GoalReached(goal: Goal(kind: .distance, target: 5000))), at: Self.at(2))
        #expect(
            reached == [Utterance("Goal reached: 5 kilometres. Well done!", priority: .urgent, eventAt: Self.at(2))])

        var totals = WorkoutTotals()
        totals.movingSeconds = 1930
        totals.distanceMeters = 5200
        totals.averageSpeedMetersPerSecond = 5200.0 / 1930
        totals.averageHeartRate = 142.4
        totals.kilocalories = 380
        let summary = Workout(
            id: 1, startedAt: Date(), endedAt: Date(), status: .finished, totals: totals, goal: nil, recovery: nil)
        let finished = script.handle(
            .state(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running, summary: summary)),
            at: Self.at(3))
        #expect(
            finished.map(\.text) == [
                "Workout finished. 32 minutes 10 seconds, 5.2 kilometres, average pace 6 minutes 11 per kilometre, "
                    + "average heart rate 142, 380 kilocalories."
            ])
        #expect(finished.first?.priority == .important)

        let lost = SensorStatusChanged(sensor: .heartRate, status: .lost, device: "strap")
        #expect(script.handle(.sensor(lost), at: Self.at(4)).map(\.text) == ["Heart rate signal lost."])
        let back = SensorStatusChanged(sensor: .location, status: .restored, device: "gps")
        #expect(script.handle(.sensor(back), at: Self.at(5)).map(\.text) == ["GPS signal back."])
        let connected = SensorStatusChanged(sensor: .location, status: .connected, device: "gps")
        #expect(script.handle(.sensor(connected), at: Self.at(5)).isEmpty)
    }

    @Test func saysAResumedWorkoutButLeavesAClosedOneToTheEngine() {
        var script = Self.script()
        var totals = WorkoutTotals()
        totals.movingSeconds = 720
        let workout = Workout(
            id: 3, startedAt: Date(), endedAt: nil, status: .running, totals: totals, goal: nil, recovery: nil)
        let resumed = script.handle(
            .recovered(WorkoutRecovered(workout: workout, outcome: .resumed, gap: .seconds(125))), at: Self.at(0))
        #expect(
            resumed.map(\.text) == [
                "Workout resumed after an interruption of 2 minutes 5 seconds. 12 minutes recorded so far."
            ])
        #expect(
            script.handle(.recovered(WorkoutRecovered(workout: workout, outcome: .closed, gap: .zero)), at: Self.at(0))
                .isEmpty)
    }

    /// The engine's own words for events the coach says itself are not said twice; everything else is said.
    @Test(arguments: [
        ("Workout started.", true), ("Workout paused.", true), ("Workout resumed.", true),
        ("Heart-rate strap battery low: 15%.", true), ("Time for your evening run", true),
        ("Lap 2: 5:30, 1.00 km.", false), ("Workout finished: 32:10, 5.20 km, 380 kcal.", false),
        ("Goal reached!", false), ("Goal reached: 5.00 km. Workout stopped and saved.", false),
        ("Halfway to the goal: 5.00 km.", false), ("Resumed the workout interrupted 2:05 ago (12:00 recorded).", false),
    ])
    func speaksAnnouncementsUnlessItSaysTheEventItself(text: String, spoken: Bool) {
        var script = Self.script()
        let said = script.handle(.announcement(Announcement(text, priority: .important)), at: Self.at(0))
        #expect(said == (spoken ? [Utterance(text, priority: .important, eventAt: Self.at(0))] : []))
    }

    @Test func zoneChangesAreSaidAloneOrWithinTheUpdate() {
        let tracker = ZoneTracker(maximumHeartRate: 200, marginBeatsPerMinute: 3, hold: .seconds(5))
        var script = Self.script(everyMeters: nil, figures: [.time, .zone], zones: tracker)
        var said: [(Int, String)] = []
        for second in 1...320 {
            let heartRate = second < 100 ? 130 : 170
            for utterance in script.handle(.progress(Self.progress(second, heartRate: heartRate)), at: Self.at(second))
            {
                said.append((second, utterance.text))
            }
        }
        #expect(said.map(\.0) == [105, 300])
        #expect(said.first?.1 == "Heart rate zone 4, hard.")
        #expect(said.last?.1 == "5 minutes, heart rate zone 4, hard.")
    }
}
