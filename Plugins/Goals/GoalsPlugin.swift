import HubCore
import ServiceLifecycle

/// The goal of every workout: progress towards it, "Halfway to the goal: …" and "Goal reached!", and with auto-stop
/// on, the command that stops and saves the workout at the second that reached it.
///
/// The workout engine does not know what a goal is: this plugin reads the goal and its auto-stop from the store
/// (`stayfit goals`), stores it with each workout it starts (the record of what the workout aimed at, which reports
/// show), and judges each `WorkoutProgress` the engine publishes.
///
/// It judges a second inside the engine's `publish` of that second's progress, not on a task of its own: the stop
/// command then reaches the engine before any later second is closed, even at 1000× (a second every millisecond),
/// and a workout with a goal costs no extra thread wake-up a second. What it does there is a few comparisons and
/// publishes. It stores goals and reads settings on its own task.
public struct GoalsPlugin: Plugin {
    public static let id: PluginID = "goals"
    /// Goals worked before they were a plugin: a configuration without a `[plugins.goals]` table keeps them. It
    /// speaks to the person ("Goal reached!"), also of the seconds the engine closes as it finishes a workout at
    /// shutdown, so it stops after the engine.
    public static let capabilities: PluginCapabilities = [.onByDefault, .presentsToPerson]

    /// No keys of its own: the goal and its auto-stop are the person's, set with `stayfit goals` and stored.
    public struct Configuration: PluginConfiguration {
        public init(_ table: ConfigTable) throws {}
    }

    /// What a run has done, for tests to wait on.
    enum Step: Sendable, Equatable {
        /// The settings read from the store apply.
        case settingsApplied(GoalSettings)
        /// A workout's goal is stored.
        case goalStored(Goal?, of: WorkoutID)
    }

    private enum Event: Sendable {
        case storeGoal(Goal?, of: WorkoutID)
        case storeChanged
        case shutdown
    }

    private let context: PluginContext
    private let store: any GoalStore
    private let watch: GoalWatch
    private let inbox: Inbox<Event>
    private let trace: (@Sendable (Step) -> Void)?

    public init(configuration: Configuration, context: PluginContext) throws {
        self.init(context: context, store: try context.store((any GoalStore).self), trace: nil)
    }

    /// A plugin with another store, telling `trace` what it has done (tests).
    init(context: PluginContext, store: any GoalStore, trace: (@Sendable (Step) -> Void)?) {
        self.context = context
        self.store = store
        self.trace = trace
        let watch = GoalWatch(bus: context.bus)
        self.watch = watch
        // Subscribed now, so that a workout the engine resumes at start-up is met with its stored goal. Until a run
        // has read the settings, an instance judges nothing else: one built and dropped by a SIGHUP reload (which
        // builds every plugin to check its table) says nothing while the running one judges.
        inbox = context.bus.inbox(of: Event.self, subscriber: Self.id.rawValue) {
            $0.route(
                WorkoutProgress.self,
                delivery: { progress in Self.storing(watch.update { $0.progress(progress) }) })
            $0.route(
                WorkoutStateChanged.self,
                delivery: { change in Self.storing(watch.update { $0.stateChanged(change) }) })
            $0.route(
                WorkoutRecovered.self,
                delivery: { recovered in
                    _ = watch.update {
                        $0.recovered(recovered)
                        return []
                    }
                    return nil
                })
            $0.route(StoreChanged.self) { $0.section == .goals ? .storeChanged : nil }
        }
    }

    /// The run loop's share of what the tracker asked for inside `publish`: the goal to store, if any.
    private static func storing(_ goals: [(goal: Goal?, workout: WorkoutID)]) -> InboxDelivery<Event>? {
        // One at most: a state change or a second stores no more than the goal of the one workout under way.
        goals.last.map { .wake(.storeGoal($0.goal, of: $0.workout)) }
    }

    public func run() async throws {
        let inbox = self.inbox
        await readSettings(first: true)
        await withGracefulShutdownHandler {
            eventLoop: for await event in inbox {
                switch event {
                case .storeGoal(let goal, let workout): await storeGoal(goal, of: workout)
                case .storeChanged: await readSettings(first: false)
                case .shutdown: break eventLoop
                }
            }
        } onGracefulShutdown: {
            // Behind every goal already queued for storing: those are stored first.
            inbox.post(.shutdown)
        }
    }

    /// Reads the goal and its auto-stop, and applies them to the workout under way.
    ///
    /// - Parameter first: the run's first read. When that one fails, workouts go on without a goal rather than wait
    ///   for one; when a later one fails, the settings read before stay (a workout keeps its goal).
    private func readSettings(first: Bool) async {
        let settings: GoalSettings
        do {
            settings = try await store.goalSettings()
        } catch {
            context.logger.error("cannot read the goal", metadata: ["error": "\(error)"])
            guard first else { return }
            settings = GoalSettings(goal: nil, autoStop: false)
        }
        let toStore = watch.update { $0.settingsRead(settings) }
        trace?(.settingsApplied(settings))
        for (goal, workout) in toStore { await storeGoal(goal, of: workout) }
    }

    private func storeGoal(_ goal: Goal?, of workout: WorkoutID) async {
        do {
            try await store.updateGoal(goal, of: workout)
            trace?(.goalStored(goal, of: workout))
        } catch {
            context.logger.error(
                "cannot store the workout's goal", metadata: ["workout": "\(workout)", "error": "\(error)"])
        }
    }
}
