import Foundation
import Logging
import Records

/// The workout engine's decisions: commands, seconds, sensor data and crash recovery, applied to the state.
///
/// Owned by `WorkoutEngine.run()` and used from that one task only, so it needs no locking. Every schedule and
/// duration is measured on the clock's monotonic `instant`; the wall clock only labels what is stored. Writes go
/// to the `WorkoutWriter` and never hold the engine up; only starting a workout (which needs its id) and
/// reading settings wait for the store.
///
/// Sensor data and crash recovery are in `WorkoutController+Sensors.swift` and `+Recovery.swift`; the state
/// they share is internal for them, and the type is HubCore's own.
struct WorkoutController {
    private(set) var state: WorkoutState = .idle
    var session: WorkoutSession?
    let writer: WorkoutWriter
    /// The latest reading, and when it arrived on the monotonic clock (its own timestamp is only a label).
    var latestHeartRate: (reading: HeartRateMeasured, receivedAt: HubInstant)?
    /// RR intervals received since the last closed second (running only).
    var pendingRR: [UInt16] = []
    var latestSteps: StepsCounted?
    /// Speed, distance, cadence, power and fitness-machine readings.
    var motion = MotionReadings()
    /// Closed seconds in a row in which the fresh sensors said the movement had stopped (kinds with auto-pause).
    var stoppedSeconds = 0
    /// The workout paused itself: it resumes when the movement starts again. A manual pause never does.
    private(set) var isAutoPaused = false
    private var person = Calories.Person.unknown
    let settings: WorkoutSettings
    /// The kind the next workout started without one of its own will be (`ChooseWorkoutKind`); nil for
    /// `[workout] default-kind`.
    private(set) var chosenKind: WorkoutKind?
    let context: PluginContext
    /// Read and written directly only to start a workout (which needs its id), to recover one after a crash and for
    /// the profile; every other write goes through `writer`.
    let store: any WorkoutLog & ProfileSource

    init(
        settings: WorkoutSettings, context: PluginContext, store: any WorkoutLog & ProfileSource, writer: WorkoutWriter
    ) {
        self.settings = settings
        self.context = context
        self.store = store
        self.writer = writer
    }

    /// Added to the wall clock's labels of a workout resumed ahead of the clock: a simulation on a sped-up clock
    /// labels its seconds in the future, and a hub that comes back carries on that workout's own timeline, after
    /// its last second and the time away, rather than jumping back to the present. Zero otherwise.
    var labelShift: TimeInterval = 0

    var bus: MessageBus { context.bus }
    var logger: Logger { context.logger }
    var clock: any HubClock { context.clock }

    // MARK: - Settings from the store

    /// Reads the profile (for calories) again.
    mutating func reloadSettings() async {
        do {
            if let profile = try await store.profile(), let age = profile.ageYears(on: clock.now) {
                person = Calories.Person(
                    weightKilograms: profile.weightKilograms, ageYears: Double(age), gender: profile.gender)
            } else {
                person = .unknown
            }
        } catch {
            logger.error("cannot read the profile", metadata: ["error": "\(error)"])
        }
    }

    // MARK: - Commands

    /// Keeps the kind of the next workout and says it.
    mutating func choose(_ choice: ChooseWorkoutKind.Choice) {
        let kind: WorkoutKind
        switch choice {
        case .kind(let chosen): kind = chosen
        case .next:
            let current = chosenKind ?? settings.defaultKind
            let known = WorkoutKind.known
            kind = known.firstIndex(of: current).map { known[(known.index(after: $0)) % known.count] } ?? known[0]
        }
        chosenKind = kind
        bus.publish(Announcement("Next workout: \(kind.name)."))
    }

    /// Applies a command given at `instant` (when it was published); returns true when the second-ticker must
    /// restart, aligned to the workout's last closed second.
    ///
    /// The command takes effect at the moment it was given, not when the engine gets to it: a press counts the
    /// same on a busy machine, and at `--speed 60`, where a few milliseconds late would be whole seconds.
    mutating func handle(_ action: WorkoutCommand.Action, at instant: HubInstant, kind: WorkoutKind? = nil) async
        -> Bool
    {
        let effect = WorkoutStateMachine.effect(of: action, in: state)
        let now = label(of: instant)
        switch effect {
        case .refuse where action == .pause && isAutoPaused:
            // Paused by hand while paused by itself: it stays paused until resumed by hand.
            isAutoPaused = false
            bus.publish(Announcement("Workout paused."))
            return false
        case .refuse(let reason):
            bus.publish(Announcement(reason))
            return false
        case .start:
            return await start(at: instant, kind: kind ?? chosenKind ?? settings.defaultKind)
        case .pause:
            pause(at: instant, saying: "Workout paused.")
            return false
        case .resume:
            return resume(at: instant, saying: "Workout resumed.")
        case .lap:
            if state == .running { closeSecondsDue(upTo: instant) }
            guard var session else { return false }
            let lap = session.closeLap(at: now)
            self.session = session
            writer.send(.lap(session.id, lap))
            bus.publish(LapCompleted(workoutID: session.id, lap: lap))
            bus.publish(
                Announcement(
                    "Lap \(lap.number): \(Format.clock(seconds: lap.movingSeconds)), \(Format.distance(meters: lap.distanceMeters))."
                ))
            return false
        case .stop:
            finish(at: instant)
            return false
        }
    }

    private mutating func pause(at instant: HubInstant, saying announcement: String) {
        guard let session else { return }
        // The seconds due before the press belong to the workout; the rest of this second is the pause's.
        closeSecondsDue(upTo: instant)
        writer.send(.pauseBegan(session.id, at: label(of: instant), seenAt: clock.bootTime))
        self.session?.breakTrack()
        // What the counter says during the pause is the baseline after it; a total from before would count
        // the pause's steps.
        latestSteps = nil
        pendingRR.removeAll()
        motion.discardPending()
        stoppedSeconds = 0
        isAutoPaused = false
        change(to: .paused)
        bus.publish(Announcement(announcement))
    }

    /// Returns true: the second-ticker restarts, aligned to `instant`.
    private mutating func resume(at instant: HubInstant, saying announcement: String) -> Bool {
        guard let session else { return false }
        writer.send(.pauseEnded(session.id, at: label(of: instant)))
        self.session?.lastSecondClosedAt = instant
        self.session?.resumeSteps(from: latestSteps?.totalSteps)
        motion.discardPending()
        stoppedSeconds = 0
        isAutoPaused = false
        change(to: .running)
        bus.publish(Announcement(announcement))
        return true
    }

    // MARK: - Auto-pause

    /// After a tick: pauses a workout of a kind with `[workout] auto-pause` whose movement has stopped for
    /// `auto-pause-after-seconds`, and resumes one that paused itself when the movement starts again.
    ///
    /// It goes the way of a pause and a resume by hand (stored, recovered after a crash alike), at the end of the
    /// last closed second and at the tick. The stopped seconds before the pause are moving time, as they were
    /// recorded when they closed. A workout paused by hand is never resumed here, nor one that comes back paused
    /// after a crash (the hub cannot know who paused it).
    ///
    /// - Returns: true when the workout resumed and the second-ticker must restart, aligned to `instant`.
    mutating func autoPauseOrResume(at instant: HubInstant) -> Bool {
        guard let session, settings.autoPauseKinds.contains(session.kind) else { return false }
        if state == .running, stoppedSeconds >= Int(settings.autoPauseAfter.seconds) {
            pause(at: session.lastSecondClosedAt, saying: "Auto-paused.")
            isAutoPaused = true
            return false
        }
        guard state == .paused, isAutoPaused, isMoving(at: instant) == true else { return false }
        return resume(at: instant, saying: "Resumed.")
    }

    /// Whether the workout's kind of movement goes on at `instant`, as the fresh sensors say; nil when none says.
    func isMoving(at instant: HubInstant) -> Bool? {
        guard let kind = session?.kind else { return nil }
        return motion.isMoving(
            kind: kind, threshold: WorkoutSettings.autoPauseSpeed(for: kind), at: instant, staleAfter: staleAfter)
    }

    private mutating func start(at instant: HubInstant, kind: WorkoutKind) async -> Bool {
        // A sped-up clock makes simulated times; simulated readings mark the workout as they arrive.
        let simulated = clock.speed != 1
        labelShift = 0
        let now = label(of: instant)
        do {
            // No goal: the engine records what was measured; what the workout aimed at is stored by whoever sets aims.
            let id = try await store.startWorkout(
                at: now, goal: nil, simulated: simulated, seenAt: clock.bootTime, kind: kind)
            session = WorkoutSession(id: id, startedAt: now, at: instant, kind: kind)
            session?.isSimulated = simulated
            pendingRR.removeAll()
            motion.discardPending()
            stoppedSeconds = 0
            isAutoPaused = false
            logger.info("workout started", metadata: ["workout": "\(id)", "kind": "\(kind)"])
            // Said before the state changes, as the finish is: what plugins say as the workout starts (a program's
            // first step) then follows this line, whichever plugin is quicker.
            bus.publish(Announcement(kind == .default ? "Workout started." : "\(kind.name) started."))
            change(to: .running)
            return true
        } catch {
            logger.error("cannot start a workout", metadata: ["error": "\(error)"])
            bus.publish(Announcement("Cannot start a workout: \(error)", priority: .urgent))
            return false
        }
    }

    /// Ends the workout at `instant` and stores its final totals.
    mutating func finish(at instant: HubInstant) {
        // The stop may overtake ticks that were due (they travel different ways, and a sped-up clock makes
        // that likely): the whole seconds still due are closed as a tick closes them, with their progress (the
        // coach's and the console's last update belong to them), then the final partial one is recorded.
        if state == .running, let session, session.lastSecondClosedAt + .seconds(1) <= instant {
            tick(at: instant)
        }
        // A stop given exactly at a closed second (a plugin that stops at a second's progress, as an auto-stop at a
        // goal does) ends there: a fix that arrived after that moment, before the stop was handled, is not recorded.
        if state == .running, let session, instant > session.lastSecondClosedAt,
            session.hasUnrecordedTime(at: instant)
        {
            record(closingSecondAt: session.lastSecondClosedAt + .seconds(1))
        }
        guard var session, state == .running || state == .paused else { return }
        let now = label(of: instant)
        if session.lapCount > 0, session.metrics.movingSeconds > session.lapStart.movingSeconds {
            writer.send(.lap(session.id, session.closeLap(at: now)))
        }
        let totals = session.metrics.totals
        writer.send(.finished(session.id, at: now, totals, recovery: nil))
        self.session = session
        let summary = Workout(
            id: session.id, startedAt: session.startedAt, endedAt: now, status: .finished, totals: totals,
            goal: nil, recovery: nil, isSimulated: session.isSimulated, kind: session.kind)
        logger.info("workout finished", metadata: ["workout": "\(session.id)", "seconds": "\(totals.movingSeconds)"])
        let figures = [
            Format.clock(seconds: totals.movingSeconds), Format.measuredDistance(meters: totals.distanceMeters),
            Format.energy(kilocalories: totals.kilocalories),
        ]
        // Said before the state changes: what plugins make of the finished workout (its share text) then follows
        // this line in every front end, whichever plugin is quicker.
        bus.publish(Announcement("Workout finished: " + figures.compactMap { $0 }.joined(separator: ", ") + "."))
        change(to: .finished, summary: summary)
    }

    mutating func change(to newState: WorkoutState, summary: Workout? = nil) {
        let previous = state
        state = newState
        bus.publish(
            WorkoutStateChanged(
                workoutID: session?.id, state: newState, previous: previous, summary: summary, kind: session?.kind))
    }

    // MARK: - Seconds

    /// Hub time has reached `instant`: record every whole second due when running (however many ticks were late
    /// or lost, each second exactly once), and publish progress.
    mutating func tick(at instant: HubInstant) {
        guard state == .running || state == .paused else { return }
        if state == .running { closeSecondsDue(upTo: instant) }
        guard let session else { return }
        let at = state == .running ? session.lastSecondClosedAt : instant
        bus.publish(
            WorkoutProgress(
                workoutID: session.id, state: state, elapsed: session.elapsed(at: at),
                moving: .seconds(session.metrics.movingSeconds), totals: session.metrics.totals,
                currentSpeedMetersPerSecond: state == .running ? session.metrics.lastSpeedMetersPerSecond : nil,
                currentHeartRate: freshHeartRate(at: at), at: at, kind: session.kind,
                currentCadence: state == .running ? session.metrics.lastCadence : nil,
                currentPowerWatts: state == .running ? session.metrics.lastPowerWatts : nil,
                threeSecondPowerWatts: state == .running && session.metrics.lastPowerWatts != nil
                    ? session.metrics.power.threeSecondWatts : nil,
                isAutoPaused: isAutoPaused))
    }

    /// Closes every whole second that ended by `instant`.
    private mutating func closeSecondsDue(upTo instant: HubInstant) {
        while let next = session.map({ $0.lastSecondClosedAt + .seconds(1) }), next <= instant {
            record(closingSecondAt: next)
        }
    }

    /// The wall-clock label of `instant` for the workout under way.
    private func label(of instant: HubInstant) -> Date {
        clock.wallTime(of: instant).addingTimeInterval(labelShift)
    }

    /// Closes the second ending at `instant` and hands it to the writer.
    private mutating func record(closingSecondAt instant: HubInstant) {
        guard var session else { return }
        let strap = strapHeartRate(at: instant)
        let order = settings.speedSources(for: session.kind)
        let (speed, meters) = motion.takeSecond(
            order: order, gpsSecond: session.gpsSecond, at: instant, staleAfter: staleAfter)
        let machineKilocalories = motion.takeMachineKilocalories(at: instant, staleAfter: staleAfter)
        let chosen = WorkoutSession.Motion(
            speedMetersPerSecond: speed, distanceMeters: meters,
            cadence: motion.cadence(order: order, at: instant, staleAfter: staleAfter).map { Int($0.rounded()) },
            powerWatts: motion.power(order: order, at: instant, staleAfter: staleAfter),
            machineKilocalories: strap == nil ? machineKilocalories : nil)
        let sample = session.closeSecond(
            at: instant, label: label(of: instant),
            heartRate: strap ?? motion.machineHeartRate(at: instant, staleAfter: staleAfter),
            rrIntervals1024: pendingRR, stepsTotal: latestSteps?.totalSteps, person: person, motion: chosen)
        pendingRR.removeAll(keepingCapacity: true)
        self.session = session
        if settings.autoPauseKinds.contains(session.kind) {
            stoppedSeconds = isMoving(at: instant) == false ? stoppedSeconds + 1 : 0
        }
        writer.send(.seconds(session.id, [sample], session.metrics.totals, seenAt: clock.bootTime))
    }

}
