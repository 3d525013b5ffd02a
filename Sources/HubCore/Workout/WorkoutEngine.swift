import Foundation
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
    private let heartRates: AsyncStream<HeartRateMeasured>
    private let positions: AsyncStream<PositionMeasured>
    private let steps: AsyncStream<StepsCounted>
    private let commands: AsyncStream<WorkoutCommand>
    private let storeChanges: AsyncStream<StoreChanged>

    public init(settings: WorkoutSettings, context: PluginContext) {
        self.settings = settings
        self.context = context
        let bus = context.bus
        heartRates = bus.messages(of: HeartRateMeasured.self, subscriber: "workout")
        positions = bus.messages(of: PositionMeasured.self, subscriber: "workout")
        steps = bus.messages(of: StepsCounted.self, subscriber: "workout")
        commands = bus.messages(of: WorkoutCommand.self, subscriber: "workout")
        storeChanges = bus.messages(of: StoreChanged.self, subscriber: "workout")
    }

    private enum Event: Sendable {
        case heartRate(HeartRateMeasured)
        case position(PositionMeasured)
        case steps(StepsCounted)
        case command(WorkoutCommand.Action)
        case storeChanged
        case tick(generation: Int)
    }

    public func run() async throws {
        let (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4096))
        let generation = TickerGeneration()
        let writer = WorkoutWriter(store: context.store, bus: context.bus, logger: context.logger)
        var controller = WorkoutController(settings: settings, context: context, writer: writer)
        await controller.reloadSettings()

        // The writer outlives the event loop: at shutdown it still writes the finished workout.
        async let written: Void = writer.run()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await m in heartRates { sink.yield(.heartRate(m)) } }
            group.addTask { for await m in positions { sink.yield(.position(m)) } }
            group.addTask { for await m in steps { sink.yield(.steps(m)) } }
            group.addTask { for await m in commands { sink.yield(.command(m.action)) } }
            group.addTask { for await _ in storeChanges { sink.yield(.storeChanged) } }

            /// Ticks once a second of monotonic hub time from `origin`; a wall clock that steps moves nothing.
            /// A late or lost tick costs no second: the controller closes every second due when it handles one.
            func startTicker(from origin: HubInstant) {
                let mine = generation.advance()
                let clock = context.clock
                group.addTask {
                    var deadline = origin + .seconds(1)
                    while generation.current == mine {
                        do { try await clock.sleep(until: deadline) } catch { return }
                        guard generation.current == mine else { return }
                        sink.yield(.tick(generation: mine))
                        deadline = deadline + .seconds(1)
                    }
                }
            }

            if await controller.recoverInterruptedWorkout() { startTicker(from: context.clock.instant) }
            for await event in events.cancelOnGracefulShutdown() {
                switch event {
                case .heartRate(let reading): controller.heartRateMeasured(reading)
                case .position(let fix): controller.positionMeasured(fix)
                case .steps(let reading): controller.stepsCounted(reading)
                case .storeChanged: await controller.reloadSettings()
                case .command(let action):
                    if await controller.handle(action), let origin = controller.session?.lastSecondClosedAt {
                        startTicker(from: origin)
                    }
                case .tick(let tickGeneration):
                    if tickGeneration == generation.current { controller.tick(at: context.clock.instant) }
                }
            }
            // Graceful shutdown: a workout under way is finished and saved, not left for crash recovery.
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
