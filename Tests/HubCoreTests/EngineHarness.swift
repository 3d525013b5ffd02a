import Foundation
import HubCore
import HubStore
import HubTestKit
import Synchronization

/// A workout engine on a manual clock, with the streams a test watches subscribed before it runs.
///
/// Each simulated second is driven in two halves: readings are published half a second in (as the sensors and
/// the simulator do), then the clock reaches the second's end and the engine publishes its `WorkoutProgress`.
struct EngineHarness {
    let clock: ManualClock
    let context: PluginContext
    let directory: TemporaryDirectory
    let engine: WorkoutEngine
    let progress: Inbox<WorkoutProgress>
    let states: Inbox<WorkoutStateChanged>
    let stored: Inbox<WorkoutStored>
    private let tokens = TokenCounter()

    var bus: MessageBus { context.bus }
    var store: HubStore { context.hubStore }

    /// Where the fixes of `second(…)` start: a meridian through Munich.
    static let origin = (latitude: 48.0, longitude: 11.5)
    /// Degrees of latitude per fix step: about 2.2 m.
    static let step = 0.00002

    /// `speed` is the clock speed the engine sees, as under `stayfit run --speed`.
    init(settings: WorkoutSettings = WorkoutSettings(), speed: Double = 1, busyTimeout: Duration = .seconds(5)) throws {
        clock = ManualClock(speed: speed)
        (context, directory) = try PluginContext.test(clock: clock, busyTimeout: busyTimeout)
        engine = WorkoutEngine(settings: settings, context: context)
        progress = context.bus.inbox(of: WorkoutProgress.self, subscriber: "test")
        states = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")
        stored = context.bus.inbox(of: WorkoutStored.self, subscriber: "test")
    }

    /// Waits until everything the engine recorded so far is in the store (it writes in the background).
    ///
    /// The request travels the engine's own ordered way, behind everything sent before it, so this is a wait on
    /// the event itself.
    func saved() async throws {
        let token = tokens.next()
        bus.publish(StoreWorkoutCommand(token: token))
        while try await stored.next().token != token {}
    }

    /// Runs the engine while `body` drives it, then cancels it.
    func run(_ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [engine] in try await engine.run() }
            try await body()
            group.cancelAll()
        }
    }

    /// Sends a command and returns the state change it causes.
    func send(_ action: WorkoutCommand.Action) async throws -> WorkoutStateChanged {
        bus.publish(WorkoutCommand(action))
        return try await states.next()
    }

    /// A fix `steps` steps north of the origin.
    static func fix(_ steps: Int) -> (latitude: Double, longitude: Double) {
        (origin.latitude + Double(steps) * step, origin.longitude)
    }

    /// The distance from fix `from` to fix `to`, as the engine computes it.
    static func meters(from: Int, to: Int) -> Double {
        let (a, b) = (fix(from), fix(to))
        return Geo.distanceMeters(
            fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
    }

    /// One second of hub time: readings half a second in, then the second's end and its progress.
    func second(fix: Int? = nil, heartRate: Int? = nil) async throws -> WorkoutProgress {
        clock.advance(by: .milliseconds(500))
        if let heartRate {
            bus.publish(HeartRateMeasured(beatsPerMinute: heartRate, source: "test", timestamp: clock.now))
        }
        if let fix {
            let (latitude, longitude) = Self.fix(fix)
            bus.publish(
                PositionMeasured(latitude: latitude, longitude: longitude, source: "test", timestamp: clock.now))
        }
        // No wait needed: the engine's inbox keeps publish order, so these readings come before the second's tick.
        clock.advance(by: .milliseconds(500))
        return try await progress.next()
    }
}

/// Tokens for `EngineHarness.saved()`.
private final class TokenCounter: Sendable {
    private let value = Atomic<UInt64>(0)
    func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
}
