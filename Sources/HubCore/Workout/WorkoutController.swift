import Foundation
import HubStore
import Logging

/// The workout engine's decisions: commands, seconds, sensor data and crash recovery, applied to the state.
///
/// Owned by `WorkoutEngine.run()` and used from that one task only, so it needs no locking.
struct WorkoutController {
    private(set) var state: WorkoutState = .idle
    private(set) var session: WorkoutSession?
    private var recorder: WorkoutRecorder
    private var latestHeartRate: HeartRateMeasured?
    /// RR intervals received since the last closed second (running only).
    private var pendingRR: [Double] = []
    private var latestSteps: StepsCounted?
    private var person = Calories.Person.unknown
    private var activeGoal: Goal?
    private let settings: WorkoutSettings
    private let context: PluginContext

    init(settings: WorkoutSettings, context: PluginContext) {
        self.settings = settings
        self.context = context
        recorder = WorkoutRecorder(store: context.store, bus: context.bus, logger: context.logger)
    }

    private var bus: MessageBus { context.bus }
    private var store: HubStore { context.store }
    private var logger: Logger { context.logger }

    // MARK: - Sensor data

    mutating func heartRateMeasured(_ reading: HeartRateMeasured) {
        latestHeartRate = reading
        if state == .running, reading.contact != .noContact { pendingRR += reading.rrIntervalsMilliseconds }
    }

    mutating func stepsCounted(_ reading: StepsCounted) { latestSteps = reading }

    mutating func positionMeasured(_ fix: PositionMeasured) {
        guard state == .running, session?.add(fix) == false else { return }
        logger.debug("dropped an implausible position jump", metadata: ["rejected": "\(session?.rejectedFixes ?? 0)"])
    }

    /// The heart rate to record for the second ending at `date`: nil when stale or without skin contact.
    ///
    /// A reading goes stale after the configured timeout of hub time, but never within one real second: at
    /// `--speed 60` five hub seconds are 83 ms, and a busy machine can hold back the simulator's next reading
    /// that long without any sensor being lost.
    func freshHeartRate(at date: Date) -> Int? {
        let staleAfter = max(settings.heartRateTimeout.seconds, context.clock.speed)
        guard let reading = latestHeartRate, reading.contact != .noContact, reading.beatsPerMinute > 0,
            date.timeIntervalSince(reading.timestamp) <= staleAfter
        else { return nil }
        return reading.beatsPerMinute
    }

    // MARK: - Settings from the store

    /// Reads the profile (for calories) and the active goal again.
    mutating func reloadSettings() {
        do {
            if let profile = try store.profile(), let age = profile.ageYears(on: context.clock.now) {
                person = Calories.Person(weightKilograms: profile.weightKilograms, ageYears: Double(age), gender: profile.gender)
            } else {
                person = .unknown
            }
            activeGoal = try store.activeGoal()
            if var session, session.goal != activeGoal, state == .running || state == .paused {
                session.goal = activeGoal
                session.goalReached = activeGoal.map { session.goalValue(for: $0) >= $0.target } ?? false
                self.session = session
                let id = session.id, goal = activeGoal
                recorder.perform("the new goal") { try store.updateGoal(goal, of: id) }
            }
        } catch {
            logger.error("cannot read the profile or goal", metadata: ["error": "\(error)"])
        }
    }

    // MARK: - Commands

    /// Applies a command; returns true when the second-ticker must restart (aligned to now).
    mutating func handle(_ action: WorkoutCommand.Action) -> Bool {
        let effect = WorkoutStateMachine.effect(of: action, in: state)
        let now = context.clock.now
        switch effect {
        case .refuse(let reason):
            bus.publish(Announcement(reason))
            return false
        case .start:
            return start(at: now)
        case .pause:
            guard let session else { return false }
            recorder.perform("the pause") { try store.beginPause(of: session.id, at: now) }
            self.session?.breakTrack()
            pendingRR.removeAll()
            change(to: .paused)
            bus.publish(Announcement("Workout paused."))
            return false
        case .resume:
            guard let session else { return false }
            recorder.perform("the end of the pause") { try store.endPause(of: session.id, at: now) }
            self.session?.lastSecondClosedAt = now
            change(to: .running)
            bus.publish(Announcement("Workout resumed."))
            return true
        case .lap:
            guard var session else { return false }
            let lap = session.closeLap(at: now)
            self.session = session
            recorder.perform("the lap") { try store.recordLap(lap, of: session.id) }
            bus.publish(LapCompleted(workoutID: session.id, lap: lap))
            bus.publish(Announcement("Lap \(lap.number): \(Format.clock(seconds: lap.movingSeconds)), \(Format.distance(meters: lap.distanceMeters))."))
            return false
        case .stop:
            finish(at: now)
            return false
        }
    }

    private mutating func start(at now: Date) -> Bool {
        do {
            let id = try store.startWorkout(at: now, goal: activeGoal)
            session = WorkoutSession(id: id, startedAt: now, goal: activeGoal)
            change(to: .running)
            logger.info("workout started", metadata: ["workout": "\(id)"])
            bus.publish(Announcement("Workout started."))
            return true
        } catch {
            logger.error("cannot start a workout", metadata: ["error": "\(error)"])
            bus.publish(Announcement("Cannot start a workout: \(error)", priority: .urgent))
            return false
        }
    }

    /// Ends the workout at `now` and stores its final totals.
    mutating func finish(at now: Date) {
        // The stop may overtake ticks that were due (they travel different ways, and a sped-up clock makes
        // that likely): record every whole second still due, then the final partial one.
        if state == .running {
            while let next = session?.lastSecondClosedAt.addingTimeInterval(1), next <= now { tick(at: next) }
            if session?.hasUnrecordedTime(at: now) == true { tick(at: now) }
        }
        guard var session, state == .running || state == .paused else { return }
        if session.lapCount > 0, session.metrics.movingSeconds > session.lapStart.movingSeconds {
            let lap = session.closeLap(at: now)
            recorder.perform("the last lap") { try store.recordLap(lap, of: session.id) }
        }
        let totals = session.metrics.totals
        recorder.flush(totals: totals, of: session.id)
        recorder.perform("the finished workout") { try store.finishWorkout(session.id, at: now, totals: totals) }
        self.session = session
        let summary = Workout(
            id: session.id, startedAt: session.startedAt, endedAt: now, status: .finished, totals: totals,
            goal: session.goal, recovery: nil)
        change(to: .finished, summary: summary)
        logger.info("workout finished", metadata: ["workout": "\(session.id)", "seconds": "\(totals.movingSeconds)"])
        bus.publish(
            Announcement(
                "Workout finished: \(Format.clock(seconds: totals.movingSeconds)), "
                    + "\(Format.distance(meters: totals.distanceMeters)), \(Format.energy(kilocalories: totals.kilocalories))."))
    }

    private mutating func change(to newState: WorkoutState, summary: Workout? = nil) {
        let previous = state
        state = newState
        bus.publish(WorkoutStateChanged(workoutID: session?.id, state: newState, previous: previous, summary: summary))
    }

    // MARK: - Seconds

    /// One second of hub time has passed: record it when running, and publish progress.
    mutating func tick(at date: Date) {
        guard var session, state == .running || state == .paused else { return }
        if state == .running {
            let sample = session.closeSecond(
                at: date, heartRate: freshHeartRate(at: date), rrIntervalsMilliseconds: pendingRR,
                stepsTotal: latestSteps?.totalSteps, person: person)
            pendingRR.removeAll(keepingCapacity: true)
            recorder.record(sample, totals: session.metrics.totals, of: session.id)
        }
        var goalProgress: GoalProgress?
        if let goal = session.goal {
            goalProgress = GoalProgress(goal: goal, value: session.goalValue(for: goal))
            if !session.goalReached, session.goalValue(for: goal) >= goal.target {
                session.goalReached = true
                bus.publish(GoalReached(goal: goal))
                bus.publish(Announcement("Goal reached!", priority: .important))
            }
        }
        self.session = session
        bus.publish(
            WorkoutProgress(
                workoutID: session.id, state: state, elapsed: .seconds(date.timeIntervalSince(session.startedAt)),
                moving: .seconds(session.metrics.movingSeconds), totals: session.metrics.totals,
                currentSpeedMetersPerSecond: state == .running ? session.metrics.lastSpeedMetersPerSecond : nil,
                currentHeartRate: freshHeartRate(at: date), goal: goalProgress))
    }

    // MARK: - Crash recovery

    /// Finds a workout left running or paused by a crash: resumes it when the hub is back within the
    /// configured time, closes it at its last stored second otherwise, and tells the person which.
    ///
    /// - Returns: true when a resumed workout is running and needs the second-ticker.
    mutating func recoverInterruptedWorkout() -> Bool {
        do {
            guard let workout = try store.unfinishedWorkout() else { return false }
            let samples = try store.samples(of: workout.id)
            let pauses = try store.pauses(of: workout.id)
            let lastSeen = max(
                samples.last?.recordedAt ?? workout.startedAt, pauses.last?.startedAt ?? workout.startedAt)
            let now = context.clock.now
            let gap = Duration.seconds(max(0, now.timeIntervalSince(lastSeen)))
            // Seconds stored "in the future" come from a sped-up simulation: they cannot be carried on in
            // real time, so such a workout is closed, never resumed.
            let fromTheFuture = lastSeen.timeIntervalSince(now) > 5
            if gap <= settings.resumeWithin && !fromTheFuture {
                session = WorkoutSession(resuming: workout, samples: samples, laps: try store.laps(of: workout.id))
                if workout.status == .running, gap > .zero {
                    try store.recordPause(of: workout.id, from: lastSeen, to: now)
                }
                try store.markResumed(workout.id)
                session?.lastSecondClosedAt = now
                change(to: workout.status == .paused ? .paused : .running)
                logger.notice("resumed an interrupted workout", metadata: ["workout": "\(workout.id)", "gap": "\(gap)"])
                bus.publish(WorkoutRecovered(workout: workout, outcome: .resumed, gap: gap))
                bus.publish(
                    Announcement(
                        "Resumed the workout interrupted \(Format.clock(gap)) ago "
                            + "(\(Format.clock(seconds: session?.metrics.movingSeconds ?? 0)) recorded).",
                        priority: .important))
                return state == .running
            }
            let totals = WorkoutMetrics(restoring: samples).totals
            try store.finishWorkout(workout.id, at: lastSeen, totals: totals, recovery: .closed)
            logger.notice("closed an interrupted workout", metadata: ["workout": "\(workout.id)", "gap": "\(gap)"])
            bus.publish(WorkoutRecovered(workout: workout, outcome: .closed, gap: gap))
            bus.publish(
                Announcement(
                    "Closed the interrupted workout of \(Format.dateTime(workout.startedAt)): "
                        + "\(Format.clock(seconds: totals.movingSeconds)), \(Format.distance(meters: totals.distanceMeters)) saved.",
                    priority: .important))
        } catch {
            logger.error("cannot check for an interrupted workout", metadata: ["error": "\(error)"])
        }
        return false
    }
}
