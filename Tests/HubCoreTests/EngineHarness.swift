import Foundation
import HubCore
import HubTestKit

/// A workout engine on a manual clock, with the streams a test watches subscribed before it runs.
///
/// Each simulated second is driven in two halves: readings are published half a second in (as the sensors and
/// the simulator do), then the clock reaches the second's end and the engine publishes its `WorkoutProgress`.
struct EngineHarness {
    let clock: ManualClock
    let context: PluginContext
    let directory: TemporaryDirectory
    let engine: WorkoutEngine
    let progress: AsyncStream<WorkoutProgress>
    let states: AsyncStream<WorkoutStateChanged>

    var bus: MessageBus { context.bus }
    var store: HubStore { context.store }

    /// Where the fixes of `second(…)` start: a meridian through Munich.
    static let origin = (latitude: 48.0, longitude: 11.5)
    /// Degrees of latitude per fix step: about 2.2 m.
    static let step = 0.00002

    /// `speed` is the clock speed the engine sees, as under `stayfit run --speed`.
    init(settings: WorkoutSettings = WorkoutSettings(), speed: Double = 1) throws {
        clock = ManualClock(speed: speed)
        (context, directory) = try PluginContext.test(clock: clock)
        engine = WorkoutEngine(settings: settings, context: context)
        progress = context.bus.messages(of: WorkoutProgress.self, subscriber: "test")
        states = context.bus.messages(of: WorkoutStateChanged.self, subscriber: "test")
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
        return Geo.distanceMeters(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
    }

    /// One second of hub time: readings half a second in, then the second's end and its progress.
    func second(fix: Int? = nil, heartRate: Int? = nil) async throws -> WorkoutProgress {
        clock.advance(by: .milliseconds(500))
        if let heartRate {
            bus.publish(HeartRateMeasured(beatsPerMinute: heartRate, source: "test", timestamp: clock.now))
        }
        if let fix {
            let (latitude, longitude) = Self.fix(fix)
            bus.publish(PositionMeasured(latitude: latitude, longitude: longitude, source: "test", timestamp: clock.now))
        }
        try await settle()
        clock.advance(by: .milliseconds(500))
        return try await progress.next()
    }

    /// Lets the engine take in the readings just published before the second ends.
    ///
    /// Readings and the second-ticker reach the engine through different tasks, so a reading published just
    /// before the clock moves could otherwise be handled after the tick. This is an ordering wait, not a timed
    /// assertion: nothing asserts on how long anything took.
    func settle() async throws {
        try await Task.sleep(for: .milliseconds(30))
    }
}
