import Foundation
import HubCore
import HubStore
import HubTestKit
import Synchronization

@testable import Goals

/// The workout engine and the goals plugin on a manual clock, with the streams a test watches subscribed before
/// they run.
///
/// Each simulated second is driven as the sensors drive it: readings half a second in, then the clock reaches the
/// second's end and the engine publishes its `WorkoutProgress` (and the plugin its `GoalProgress`).
struct GoalsHarness {
    let clock: ManualClock
    let context: PluginContext
    let directory: TemporaryDirectory
    let engine: WorkoutEngine
    let plugin: GoalsPlugin
    let progress: Inbox<WorkoutProgress>
    let goals: Inbox<GoalProgress>
    let reached: Inbox<GoalReached>
    let states: Inbox<WorkoutStateChanged>
    let announcements: Inbox<Announcement>
    /// What the plugin has done: settings applied, goals stored.
    let steps: AsyncStream<GoalsPlugin.Step>
    private let stored: Inbox<WorkoutStored>
    private let tokens = TokenCounter()

    var bus: MessageBus { context.bus }
    var store: HubStore { context.hubStore }

    /// `speed` is the clock speed the engine sees, as under `stayfit demo` (60) or `stayfit run --speed`.
    init(speed: Double = 1) throws {
        clock = ManualClock(speed: speed)
        (context, directory) = try PluginContext.test(clock: clock)
        engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        let (steps, continuation) = AsyncStream.makeStream(of: GoalsPlugin.Step.self)
        self.steps = steps
        plugin = GoalsPlugin(context: context, store: context.hubStore, trace: { continuation.yield($0) })
        progress = context.bus.inbox(of: WorkoutProgress.self, subscriber: "test")
        goals = context.bus.inbox(of: GoalProgress.self, subscriber: "test")
        reached = context.bus.inbox(of: GoalReached.self, subscriber: "test")
        states = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")
        announcements = context.bus.inbox(of: Announcement.self, subscriber: "test")
        stored = context.bus.inbox(of: WorkoutStored.self, subscriber: "test")
    }

    /// Runs the engine and the plugin while `body` drives them, then cancels them. `body` starts once the plugin
    /// has read the goal from the store.
    func run(_ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [engine] in try await engine.run() }
            group.addTask { [plugin] in try await plugin.run() }
            _ = try await settingsApplied()
            try await body()
            group.cancelAll()
        }
    }

    /// Waits until the plugin has applied the settings it read from the store, and returns them.
    func settingsApplied() async throws -> GoalSettings {
        while true {
            if case .settingsApplied(let settings) = try await steps.next() { return settings }
        }
    }

    /// Waits until the plugin has stored a goal with a workout.
    func goalStored() async throws -> (goal: Goal?, workout: WorkoutID) {
        while true {
            if case .goalStored(let goal, let workout) = try await steps.next() { return (goal, workout) }
        }
    }

    /// Waits until everything the engine recorded so far is in the store (it writes in the background).
    func saved() async throws {
        let token = tokens.next()
        bus.publish(StoreWorkoutCommand(token: token))
        while try await stored.next().token != token {}
    }

    /// Sends a command and returns the state change it causes.
    func send(_ action: WorkoutCommand.Action) async throws -> WorkoutStateChanged {
        bus.publish(WorkoutCommand(action))
        return try await states.next()
    }

    /// One second of hub time: `meters` north of the origin half a second in, then the second's end and its
    /// progress.
    func second(atMeters meters: Double? = nil) async throws -> WorkoutProgress {
        clock.advance(by: .milliseconds(500))
        if let meters {
            // About 111,195 m a degree of latitude: close enough to walk a track, the test reads the engine's figure.
            bus.publish(
                PositionMeasured(
                    latitude: 48 + meters / 111_195, longitude: 11.5, source: "test", timestamp: clock.now))
        }
        clock.advance(by: .milliseconds(500))
        return try await progress.next()
    }

    /// Every announcement up to and including the one that starts with `last`.
    func announcements(through last: String) async throws -> [String] {
        var texts: [String] = []
        while !(texts.last?.hasPrefix(last) ?? false) { texts.append(try await announcements.next().text) }
        return texts
    }
}

/// Tokens for `GoalsHarness.saved()`.
private final class TokenCounter: Sendable {
    private let value = Atomic<UInt64>(0)
    func next() -> UInt64 { value.add(1, ordering: .relaxed).newValue }
}
