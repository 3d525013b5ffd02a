import BlueZTestKit
import Foundation
import HubCore
import HubStore
import HubTestKit
import Programs
import Synchronization

@testable import GuidedWorkouts

/// The workout engine and the programs plugin on one bus with a manual clock, and whatever other plugins a test
/// adds (a trainer's fitness-sensors plugin, the console), as the hub runs them.
///
/// Everything the tests watch comes through one inbox, in publishing order, as a line of text: "say …" (an
/// `Announcement`), "target 240" (a program's `MachineTarget` in watts), "step 2 of 6", "finished", "state
/// running", "command done 8" (a `ProgramCommand`). A second of hub time is driven with ``second()``, which returns
/// what that second made happen: the clock moves, the engine closes the second, and the programs plugin is given
/// the time to act on it before the lines are collected (``settle()``), so each line is known to belong to that
/// second and no other.
struct GuidedHub {
    let clock = ManualClock()
    let context: PluginContext
    let directory: TemporaryDirectory
    let engine: WorkoutEngine
    let programs: GuidedWorkoutsPlugin
    private let events: Inbox<String>
    /// The engine's seconds and states, subscribed after the plugins: once one is here, every plugin has it too
    /// (the bus hands a message to its subscribers in the order they subscribed).
    private let seconds: Inbox<WorkoutProgress>
    private let states: Inbox<WorkoutStateChanged>
    private let syncs = SyncCounter()

    var bus: MessageBus { context.bus }

    /// - Parameter library: where the plugin chooses programs; nil: the store's (``ShelfProgramLibrary``).
    init(
        ftpWatts: Int? = 200, program: String? = nil, library: (any ProgramLibrary)? = nil
    ) throws {
        (context, directory) = try PluginContext.test(clock: clock)
        // The test's inbox first: a message reaches it before the plugins, so that what a plugin answers to a
        // message always comes after that message here, as it does on the bus.
        events = context.bus.inbox(of: String.self, subscriber: "test", capacity: 4096) {
            $0.route(Announcement.self) { "say \($0.text)" }
            $0.route(MachineTarget.self) { target in
                guard case .power(let watts) = target.target else { return "target \(target.target)" }
                return target.origin == .program ? "target \(watts)" : "target \(watts) from a person"
            }
            $0.route(ProgramStepStarted.self) { "step \($0.number) of \($0.count)" }
            $0.route(ProgramFinished.self) { _ in "finished" }
            $0.route(ProgramCommand.self) { command in
                switch command.action {
                case .done(let repetitions): repetitions.map { "command done \($0)" } ?? "command done"
                case .skip: "command skip"
                case .easier: "command easier"
                case .harder: "command harder"
                }
            }
            $0.route(WorkoutStateChanged.self) { "state \($0.state)" }
            $0.route(SensorStatusChanged.self) { "sensor \($0.status)" }
        }
        engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        let configuration = GuidedWorkoutsPlugin.Configuration(ftpWatts: ftpWatts, program: program)
        programs =
            if let library {
                GuidedWorkoutsPlugin(configuration: configuration, context: context, library: library)
            } else {
                GuidedWorkoutsPlugin(configuration: configuration, context: context)
            }
        seconds = context.bus.inbox(of: WorkoutProgress.self, subscriber: "test seconds")
        states = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "test states")
    }

    /// The store of the hub (programs, workouts).
    var store: HubStore { context.hubStore }

    /// Runs the engine, the programs plugin and `others` while `body` drives them, then cancels them all.
    func run(with others: [any Plugin] = [], _ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [engine] in try await engine.run() }
            group.addTask { [programs] in try await programs.run() }
            for other in others { group.addTask { try await other.run() } }
            defer { group.cancelAll() }
            try await body()
        }
    }

    /// The hub time now, in whole seconds since the clock started.
    var now: Int { Int(clock.instant.sinceOrigin.components.seconds) }

    /// Lines up to and including the first that `matches`, in order; fails (after ``TestDeadline/hang``) when
    /// none comes.
    func lines(through matches: (String) -> Bool) async throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try await events.next()
            lines.append(line)
            if matches(line) { return lines }
        }
    }

    /// Lines up to and including `line`.
    func lines(through line: String) async throws -> [String] {
        try await lines(through: { $0 == line })
    }

    /// Every line published so far and whatever the programs plugin makes of it, in order.
    ///
    /// A choice of a program that does not exist goes through the plugin's inbox behind everything before it and
    /// is answered at once ("No program called …"): once that answer is here, the plugin has published all it had
    /// to say about what came before. The answer itself is left out.
    func settle() async throws -> [String] {
        let name = "sync \(syncs.next())"
        bus.publish(ChooseProgram(.named(name)))
        return try await lines(through: "say No program called \(name).").dropLast()
    }

    /// One second of hub time: the clock moves a second, the engine closes it, and the lines the second made, in
    /// order.
    func second() async throws -> [String] {
        clock.advance(by: .seconds(1))
        _ = try await seconds.next()
        return try await settle()
    }

    /// Starts a workout and returns the lines of its first moment (the programs plugin's first step with them).
    func startWorkout() async throws -> [String] {
        try await workout(.start, until: .running)
    }

    /// Gives the engine `action` and returns the lines up to its state change to `state` and what the plugins
    /// made of it.
    func workout(_ action: WorkoutCommand.Action, until state: WorkoutState) async throws -> [String] {
        bus.publish(WorkoutCommand(action))
        let lines = try await lines(through: "state \(state)")
        while try await states.next().state != state {}
        return lines + (try await settle())
    }
}

/// One program to choose from, by the id "test".
struct OneProgram: ProgramLibrary {
    let program: Program

    init(_ program: Program) { self.program = program }

    func programs() async throws -> [ProgramLibraryEntry] { [ProgramLibraryEntry(id: "test", program: program)] }
}

/// Numbers for ``GuidedHub/settle()``'s choices.
private final class SyncCounter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
}
