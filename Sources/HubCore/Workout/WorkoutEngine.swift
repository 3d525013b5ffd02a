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
        case tick(generation: Int, at: Date)
    }

    public func run() async throws {
        let (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4096))
        let generation = TickerGeneration()
        var controller = WorkoutController(settings: settings, context: context)
        controller.reloadSettings()

        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await m in heartRates { sink.yield(.heartRate(m)) } }
            group.addTask { for await m in positions { sink.yield(.position(m)) } }
            group.addTask { for await m in steps { sink.yield(.steps(m)) } }
            group.addTask { for await m in commands { sink.yield(.command(m.action)) } }
            group.addTask { for await _ in storeChanges { sink.yield(.storeChanged) } }

            func startTicker() {
                let mine = generation.advance()
                let clock = context.clock
                let origin = clock.now
                group.addTask {
                    var second = 1.0
                    while generation.current == mine {
                        let deadline = origin.addingTimeInterval(second)
                        do { try await clock.sleep(until: deadline) } catch { return }
                        guard generation.current == mine else { return }
                        sink.yield(.tick(generation: mine, at: deadline))
                        second += 1
                    }
                }
            }

            if controller.recoverInterruptedWorkout() { startTicker() }
            for await event in events.cancelOnGracefulShutdown() {
                switch event {
                case .heartRate(let reading): controller.heartRateMeasured(reading)
                case .position(let fix): controller.positionMeasured(fix)
                case .steps(let reading): controller.stepsCounted(reading)
                case .storeChanged: controller.reloadSettings()
                case .command(let action):
                    if controller.handle(action) { startTicker() }
                case .tick(let tickGeneration, let date):
                    if tickGeneration == generation.current { controller.tick(at: date) }
                }
            }
            // Graceful shutdown: a workout under way is finished and saved, not left for crash recovery.
            controller.finish(at: context.clock.now)
            generation.advance()
            group.cancelAll()
        }
    }
}

/// Which second-ticker is current; a ticker whose generation has passed stops by itself.
private final class TickerGeneration: Sendable {
    private let value = Atomic<Int>(0)

    var current: Int { value.load(ordering: .acquiring) }

    @discardableResult
    func advance() -> Int { value.add(1, ordering: .acquiringAndReleasing).newValue }
}
