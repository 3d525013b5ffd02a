import Foundation
import Records
import ServiceLifecycle
import Synchronization

/// The core service that records workouts: it turns commands and sensor messages into a state machine,
/// per-second samples in the store, and `WorkoutProgress` once a second.
///
/// It subscribes to the bus when it is made, before any plugin runs, so no early message is missed.
/// On graceful shutdown a workout under way is finished and saved; after a crash it is recovered at the
/// next start (see `WorkoutController.recoverInterruptedWorkout()`).
public struct WorkoutEngine: Service {
    private let settings: WorkoutSettings
    private let context: PluginContext
    private let inbox: Inbox<Event>
    private let recording = Recording()
    private let commandsInFlight = CommandsInFlight()

    public init(settings: WorkoutSettings, context: PluginContext) {
        self.settings = settings
        self.context = context
        let clock = context.clock
        let recording = recording, commandsInFlight = commandsInFlight
        // One ordered inbox: a reading published before a command or a second's tick is handled before it, and
        // each reading is stamped with the monotonic time it arrived (inside `publish`), so freshness is exact
        // however late the engine gets to it. Readings do not wake the engine: they wait for the next tick or
        // command, which is when they count (all of them during a workout; only the latest of each kind before
        // one, for its first second). A 1 Hz strap and GPS then cost the engine no wake-up of their own.
        inbox = context.bus.inbox(of: Event.self, subscriber: "workout", capacity: 4096) {
            $0.route(HeartRateMeasured.self, delivery: { recording.delivery(.heartRate($0, at: clock.instant)) })
            $0.route(PositionMeasured.self, delivery: { recording.delivery(.position($0, at: clock.instant)) })
            $0.route(StepsCounted.self, delivery: { recording.delivery(.steps($0)) })
            $0.route(SpeedMeasured.self, delivery: { recording.delivery(.speed($0, at: clock.instant)) })
            $0.route(CadenceMeasured.self, delivery: { recording.delivery(.cadence($0, at: clock.instant)) })
            $0.route(PowerMeasured.self, delivery: { recording.delivery(.power($0, at: clock.instant)) })
            $0.route(MachineMeasured.self, delivery: { recording.delivery(.machine($0, at: clock.instant)) })
            // A strap that says it is gone has no heart rate from that moment: its last reading must not stand in
            // for the seconds until it would go stale (4 of them were recorded after a disconnect). The same for any
            // other sensor's speed, cadence and power.
            $0.route(
                SensorStatusChanged.self,
                delivery: { status in
                    guard status.status == .lost || status.status == .disconnected else { return nil }
                    if status.sensor == .heartRate { return recording.delivery(.heartRateGone) }
                    return status.sensor == .location ? nil : recording.delivery(.sensorGone(status.device))
                })
            $0.route(WorkoutCommand.self) { command in
                // From the start command on, in publishing order, every reading counts: one that came a moment
                // after it must not replace another before the engine has even handled the start.
                if command.action == .start || command.action == .toggle { recording.set(true) }
                let at = command.at ?? clock.instant
                commandsInFlight.add(at)
                return .command(command.action, at: at, kind: command.kind)
            }
            $0.route(ChooseWorkoutKind.self) { .chooseKind($0.choice) }
            $0.route(StoreChanged.self) { _ in .storeChanged }
            $0.route(StoreWorkoutCommand.self) { .report(token: $0.token) }
        }
    }

    fileprivate enum Event: Sendable {
        case heartRate(HeartRateMeasured, at: HubInstant)
        case position(PositionMeasured, at: HubInstant)
        case steps(StepsCounted)
        case speed(SpeedMeasured, at: HubInstant)
        case cadence(CadenceMeasured, at: HubInstant)
        case power(PowerMeasured, at: HubInstant)
        case machine(MachineMeasured, at: HubInstant)
        /// The heart-rate sensor said it is lost or disconnected.
        case heartRateGone
        /// Another sensor said it is lost or disconnected.
        case sensorGone(String)
        /// A command, with when it was given.
        case command(WorkoutCommand.Action, at: HubInstant, kind: WorkoutKind?)
        /// The next workout's kind was chosen.
        case chooseKind(ChooseWorkoutKind.Choice)
        case storeChanged
        case report(token: UInt64)
        /// A second of the ticker `generation` ended at `at`.
        case tick(generation: Int, at: HubInstant)
        /// Graceful shutdown, behind everything published before it: those commands and readings still count.
        case shutdown
    }

    /// Runs on the clock's timer thread when it has one: a second's chain (the ticker's sleep ends, the tick
    /// enters the inbox, the controller closes the second, hands it to the writer and publishes the progress, whose
    /// subscribers' routes run inside `publish`) then costs that thread's one wake-up, not also two of the pool's, and
    /// the second is committed in it too when the database is free. Nothing here waits: the store's reads suspend, a
    /// second's write that would have to wait for the lock is not tried here, and the rest is written on the
    /// writer's thread.
    public func run() async throws {
        // Asked for at the start of the run: a storage without these views fails it at once, saying which.
        let store = try context.store((any WorkoutLog & ProfileSource).self)
        await withTaskExecutorPreference(context.clock.timerExecutor) { await record(in: store) }
    }

    private func record(in store: any WorkoutLog & ProfileSource) async {
        let inbox = self.inbox
        let generation = TickerGeneration()
        // A sped-up clock (`--speed 60`, the demo) closes sixty seconds a real second: sixty commits a real second on
        // the timer thread would leave every sleep in the hub later, so there every second goes by the writer's
        // thread, as before.
        let writer = WorkoutWriter(
            store: store, bus: context.bus, logger: context.logger, writesSecondsAtOnce: context.clock.speed == 1)
        var controller = WorkoutController(settings: settings, context: context, store: store, writer: writer)
        await controller.reloadSettings()

        // The writer outlives the event loop: at shutdown it still writes the finished workout. It runs on a thread
        // of its own and writes there synchronously: a locked database blocks that thread, never the pool's or the
        // clock's. A second the store can take at once never reaches it (`WorkoutWriter.send`).
        async let written: Void = store.onWriterThread { await writer.run() }
        await withTaskGroup(of: Void.self) { group in
            /// Ticks once a second of monotonic hub time from `origin`; a wall clock that steps moves nothing.
            /// A late or lost tick costs no second: the controller closes every second due when it handles one.
            func startTicker(from origin: HubInstant) {
                let mine = generation.advance()
                let clock = context.clock
                clock.alignGatheredReads(withTicksFrom: origin)
                group.addTask {
                    var deadline = origin + .seconds(1)
                    while generation.current == mine {
                        do { try await clock.sleep(until: deadline) } catch { return }
                        guard generation.current == mine else { return }
                        inbox.post(.tick(generation: mine, at: deadline))
                        deadline = deadline + .seconds(1)
                    }
                }
            }

            if await controller.recoverInterruptedWorkout() { startTicker(from: context.clock.instant) }
            recording.set(controller.state == .running || controller.state == .paused)
            await withGracefulShutdownHandler {
                eventLoop: for await event in inbox {
                    switch event {
                    case .heartRate(let reading, let instant): controller.heartRateMeasured(reading, at: instant)
                    case .position(let fix, let instant): controller.positionMeasured(fix, at: instant)
                    case .steps(let reading): controller.stepsCounted(reading)
                    case .speed(let reading, let instant): controller.speedMeasured(reading, at: instant)
                    case .cadence(let reading, let instant): controller.cadenceMeasured(reading, at: instant)
                    case .power(let reading, let instant): controller.powerMeasured(reading, at: instant)
                    case .machine(let reading, let instant): controller.machineMeasured(reading, at: instant)
                    case .heartRateGone: controller.heartRateSensorGone()
                    case .sensorGone(let device): controller.sensorGone(device)
                    case .storeChanged: await controller.reloadSettings()
                    case .report(let token): writer.send(.report(token: token))
                    case .chooseKind(let choice): controller.choose(choice)
                    case .command(let action, let instant, let kind):
                        if await controller.handle(action, at: instant, kind: kind),
                            let origin = controller.session?.lastSecondClosedAt
                        {
                            startTicker(from: origin)
                        }
                        commandsInFlight.remove(instant)
                    case .tick(let tickGeneration, let deadline):
                        // A command given before this tick's deadline but queued behind it (a plugin that acts on a
                        // second's progress, or a schedule, stamps it with an earlier moment; at 1000× a tick comes
                        // every millisecond) must not find seconds recorded beyond its moment: the tick is left to
                        // it, and the command closes the seconds due up to when it was given.
                        if let given = commandsInFlight.earliest, given < deadline { break }
                        // Up to the tick's own deadline, not the time it is handled: a command given before a
                        // late-handled tick's successor must not find seconds recorded beyond it.
                        guard tickGeneration == generation.current else { break }
                        controller.tick(at: deadline)
                        if controller.autoPauseOrResume(at: deadline) { startTicker(from: deadline) }
                    case .shutdown:
                        break eventLoop
                    }
                    recording.set(controller.state == .running || controller.state == .paused)
                }
            } onGracefulShutdown: {
                inbox.post(.shutdown)
            }
            // Shutdown (or cancellation): a workout under way is finished and saved, not left for crash recovery.
            controller.finish(at: context.clock.instant)
            generation.advance()
            group.cancelAll()
        }
        writer.finish()
        await written
    }
}

/// Which second-ticker is current; a ticker whose generation has passed stops by itself.
private final class TickerGeneration: Sendable {
    private let value = Atomic<Int>(0)

    var current: Int { value.load(ordering: .acquiring) }

    @discardableResult
    func advance() -> Int { value.add(1, ordering: .acquiringAndReleasing).newValue }
}

/// The moments of the commands published but not yet handled, noted inside `publish`: a tick queued ahead of one
/// of them must not close seconds past the moment it was given.
private final class CommandsInFlight: Sendable {
    private let instants = Mutex<[HubInstant]>([])

    func add(_ instant: HubInstant) { instants.withLock { $0.append(instant) } }

    /// The command at `instant` was handled. Commands given earlier and never handled (lost to a full inbox) are
    /// forgotten with it, so that one lost command cannot hold the seconds back for the rest of the workout.
    func remove(_ instant: HubInstant) {
        instants.withLock { pending in
            if let index = pending.firstIndex(of: instant) { pending.remove(at: index) }
            pending.removeAll { $0 < instant }
        }
    }

    var earliest: HubInstant? { instants.withLock { $0.min() } }
}

/// Whether a workout is under way, read inside `publish` to choose how a reading waits for the engine.
private final class Recording: Sendable {
    private let value = Atomic<Bool>(false)

    func set(_ recording: Bool) { value.store(recording, ordering: .releasing) }

    /// During a workout every reading counts, in order; before one, only the latest of each kind does (and the
    /// inbox never fills up, however long the hub waits idle).
    func delivery(_ event: WorkoutEngine.Event) -> InboxDelivery<WorkoutEngine.Event> {
        value.load(ordering: .acquiring) ? .withNext(event) : .latest(event)
    }
}
