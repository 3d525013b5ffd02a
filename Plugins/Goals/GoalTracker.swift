import HubCore

/// Where the workout under way stands towards its goal, and what to say and do as it gets there.
///
/// Pure and synchronous, so that tests drive it with made-up messages. The goals plugin feeds it the engine's
/// messages as they are published and the person's settings as they are read from the store, and publishes what it
/// returns, in order.
struct GoalTracker {
    /// What the tracker asks for.
    enum Output: Equatable, Sendable {
        /// Publish this progress towards the goal.
        case progress(GoalProgress)
        /// Publish that the goal was reached.
        case reached(GoalReached)
        /// Tell the person.
        case announcement(Announcement)
        /// Stop the workout (auto-stop), at the second that reached the goal.
        case stop(WorkoutCommand)
        /// Store `goal` as what `workout` aims at.
        case storeGoal(Goal?, of: WorkoutID)
    }

    /// The workout under way and its goal.
    private struct Aim {
        let workoutID: WorkoutID
        var goal: Goal?
        var reached = false
        /// Whether the halfway point was announced, or passed before the goal applied (announced never).
        var halfwayPassed = false
        /// The totals of the latest progress, to judge a goal that changes mid-workout against.
        var latestTotals = WorkoutTotals()
        /// Set for a workout met mid-way (this plugin restarted): its first progress only says where it stands.
        var judgesFromNextProgress = false
        /// The workout started before the settings were read: it takes the goal once they are.
        var awaitsSettings = false
        /// The goal is to be stored with the workout. Not at once when it starts: a workout the engine resumes after
        /// a crash starts the same way, and is known as resumed (keeping the goal stored with it) only by the
        /// `WorkoutRecovered` that follows, always before its first second.
        var storesGoal = false

        /// Marks halfway and reached as already passed where `totals` are, without announcing: a goal that applies
        /// to a workout already past it was not its aim.
        mutating func pass(upTo totals: WorkoutTotals) {
            let value = goal.map { $0.value(of: totals) } ?? 0
            reached = goal.map { value >= $0.target } ?? false
            halfwayPassed = goal.map { value >= $0.target / 2 } ?? false
        }
    }

    /// Nil until first read from the store.
    private(set) var settings: GoalSettings?
    private var aim: Aim?

    // MARK: - The workout's life

    /// The engine changed state: a workout started (or was met running after a crash), or ended.
    mutating func stateChanged(_ change: WorkoutStateChanged) -> [Output] {
        switch change.state {
        case .running, .paused:
            guard change.previous == .idle || change.previous == .finished, let id = change.workoutID else {
                return []
            }
            // A new workout aims at the goal set now. (A crash-resumed one also comes this way, and is then given
            // its stored goal by `recovered(_:)`, published right after.)
            aim = Aim(
                workoutID: id, goal: settings?.goal, awaitsSettings: settings == nil,
                storesGoal: settings?.goal != nil)
            return []
        case .idle, .finished:
            // A workout stopped within its first second still keeps what it aimed at.
            defer { aim = nil }
            guard let aim, aim.storesGoal else { return [] }
            return [.storeGoal(aim.goal, of: aim.workoutID)]
        }
    }

    /// A workout interrupted by a crash was picked up again: it keeps the goal stored with it, and what it passed
    /// before the crash was said then.
    mutating func recovered(_ recovered: WorkoutRecovered) {
        guard recovered.outcome == .resumed else { return }
        var resumed = Aim(workoutID: recovered.workout.id, goal: recovered.workout.goal)
        resumed.latestTotals = recovered.workout.totals
        resumed.pass(upTo: recovered.workout.totals)
        aim = resumed
    }

    // MARK: - Seconds

    /// The engine published a second's progress: the goal's progress, and what reaching half of it or all of it
    /// says and does.
    mutating func progress(_ progress: WorkoutProgress) -> [Output] {
        if aim?.workoutID != progress.workoutID {
            // Met mid-way: this plugin was restarted during the workout. It aims at the goal set now.
            aim = Aim(
                workoutID: progress.workoutID, goal: settings?.goal, judgesFromNextProgress: true,
                awaitsSettings: settings == nil)
        }
        guard var aim else { return [] }
        defer { self.aim = aim }
        aim.latestTotals = progress.totals
        var outputs: [Output] = []
        if aim.storesGoal {
            aim.storesGoal = false
            outputs.append(.storeGoal(aim.goal, of: aim.workoutID))
        }
        guard let goal = aim.goal else { return outputs }
        let value = goal.value(of: progress.totals)
        outputs.append(.progress(GoalProgress(workoutID: progress.workoutID, goal: goal, value: value)))
        if aim.judgesFromNextProgress {
            aim.judgesFromNextProgress = false
            aim.pass(upTo: progress.totals)
            return outputs
        }
        if !aim.reached, value >= goal.target {
            aim.reached = true
            aim.halfwayPassed = true
            outputs.append(.reached(GoalReached(goal: goal)))
            if settings?.autoStop == true, progress.state == .running {
                outputs.append(
                    .announcement(
                        Announcement(
                            "Goal reached: \(GoalInput.describe(goal)). Workout stopped and saved.",
                            priority: .important)))
                // At the second that reached the goal, however late the engine gets the command.
                outputs.append(.stop(WorkoutCommand(.stop, at: progress.at)))
            } else {
                outputs.append(.announcement(Announcement("Goal reached!", priority: .important)))
            }
        } else if !aim.halfwayPassed, value >= goal.target / 2 {
            aim.halfwayPassed = true
            outputs.append(
                .announcement(Announcement("Halfway to the goal: \(GoalInput.describe(goal)).", priority: .important)))
        }
        return outputs
    }

    // MARK: - Settings

    /// The person's goal or auto-stop as now stored. A new goal applies to the workout under way from its next
    /// second, but what it has already passed is neither announced nor stops the workout.
    mutating func settingsRead(_ new: GoalSettings) -> [Output] {
        settings = new
        guard var aim else { return [] }
        defer { self.aim = aim }
        if aim.awaitsSettings {
            aim.awaitsSettings = false
            aim.goal = new.goal
            // A workout started in the hub's first moments, before the goal was read: judged from its next second,
            // and stored then (it may yet turn out to be a resumed one).
            aim.storesGoal = new.goal != nil
            return []
        }
        guard aim.goal != new.goal else { return [] }
        aim.goal = new.goal
        aim.storesGoal = false
        if !aim.judgesFromNextProgress { aim.pass(upTo: aim.latestTotals) }
        return [.storeGoal(new.goal, of: aim.workoutID)]
    }
}
