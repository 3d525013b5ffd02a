import HubCore
import HubTestKit
import Programs
import Testing

@testable import GuidedWorkouts

/// Two small programs, for choosing by id, by name and in turn.
struct TestLibrary: ProgramLibrary {
    static let intervals = Program(
        name: "Two Hard", kind: .indoorRide,
        steps: [
            .repeat(
                count: 2,
                steps: [
                    .interval(
                        Interval(
                            name: "Hard", length: .time(.seconds(20)), target: Target(intensity: .ftp(percent: 100))))
                ])
        ])
    static let strength = Program(
        name: "Push-ups", kind: .strength,
        steps: [.exercise(Exercise(name: "Push-ups", sets: 2, work: .repetitions(12), restBetweenSets: .seconds(15)))])

    func programs() async throws -> [ProgramLibraryEntry] {
        [.init(id: "two-hard", program: Self.intervals), .init(id: "push", program: Self.strength)]
    }
}

@Suite struct GuidedWorkoutsPluginTests {
    private func progress(_ seconds: Int, power: Int? = nil) -> WorkoutProgress {
        WorkoutProgress(
            workoutID: 1, state: .running, elapsed: .seconds(seconds), moving: .seconds(seconds),
            totals: WorkoutTotals(), currentSpeedMetersPerSecond: nil, currentHeartRate: nil,
            at: HubInstant(sinceOrigin: .seconds(seconds)), currentPowerWatts: power)
    }

    private func state(_ state: WorkoutState, from previous: WorkoutState) -> WorkoutStateChanged {
        WorkoutStateChanged(workoutID: 1, state: state, previous: previous)
    }

    /// The next thing the plugin published is `expected`.
    private func expectNext(
        _ events: Inbox<String>, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let event = try await events.next()
        #expect(event == expected, sourceLocation: sourceLocation)
    }

    /// Runs the plugin while `body` publishes; `events` has what it published, in order, as text.
    private func withPlugin(
        _ configuration: GuidedWorkoutsPlugin.Configuration = .init(ftpWatts: 200),
        _ body: (MessageBus, Inbox<String>) async throws -> Void
    ) async throws {
        let context = PluginContext.test(storage: (), clock: ManualClock())
        let plugin = GuidedWorkoutsPlugin(configuration: configuration, context: context, library: TestLibrary())
        let events = context.bus.inbox(of: String.self, subscriber: "test") {
            $0.route(Announcement.self) { "say \($0.text)" }
            $0.route(MachineTarget.self) { "target \($0.target)\($0.origin == .program ? "" : " from a person")" }
            $0.route(ProgramFinished.self) { "finished \($0.program)" }
            $0.route(ProgramStepStarted.self) { "step \($0.number) of \($0.count) of \($0.program)" }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            try await body(context.bus, events)
        }
    }

    @Test func choosingByNameOrIdOrInTurnSaysTheProgramsName() async throws {
        try await withPlugin { bus, events in
            bus.publish(ChooseProgram(.named("PUSH")))
            try await expectNext(events, "say Program: Push-ups.")
            bus.publish(ChooseProgram(.named("two  hard")))
            try await expectNext(events, "say Program: Two Hard.")
            bus.publish(ChooseProgram(.next))
            try await expectNext(events, "say Program: Push-ups.")
            bus.publish(ChooseProgram(.next))
            try await expectNext(events, "say Program: Two Hard.")
            bus.publish(ChooseProgram(.named("yoga")))
            try await expectNext(events, "say No program called yoga.")
        }
    }

    @Test func theChosenProgramIsFollowedThroughTheWorkoutAndStopsWithIt() async throws {
        try await withPlugin { bus, events in
            bus.publish(ChooseProgram(.named("two-hard")))
            try await expectNext(events, "say Program: Two Hard.")
            bus.publish(state(.running, from: .idle))
            try await expectNext(events, "step 1 of 2 of Two Hard")
            try await expectNext(events, "say Interval 1 of 2: 20 seconds, 200 watts")
            try await expectNext(events, "target power(watts: 200)")
            for second in 1...20 { bus.publish(progress(second, power: 200)) }
            try await expectNext(events, "say 10 seconds")
            try await expectNext(events, "say 3, 2, 1, go")
            try await expectNext(events, "step 2 of 2 of Two Hard")
            try await expectNext(events, "say Interval 2 of 2: 20 seconds, 200 watts")
            try await expectNext(events, "target power(watts: 200)")
            bus.publish(ProgramCommand(.easier))
            try await expectNext(events, "say Targets 5 percent easier")
            try await expectNext(events, "target power(watts: 190)")
            bus.publish(state(.finished, from: .running))
            for second in 21...40 { bus.publish(progress(second)) }
            bus.publish(ProgramCommand(.skip))
            // Nothing between: the program stopped with the workout.
            try await expectNext(events, "say No program under way.")
        }
    }

    @Test func doneEndsASetAndAPausedWorkoutHoldsTheRest() async throws {
        try await withPlugin(.init(program: "push")) { bus, events in
            bus.publish(state(.running, from: .idle))
            try await expectNext(events, "step 1 of 3 of Push-ups")
            try await expectNext(events, "say Set 1 of 2, push-ups, 12 reps")
            bus.publish(ProgramCommand(.done(repetitions: 9)))
            try await expectNext(events, "step 2 of 3 of Push-ups")
            try await expectNext(events, "say Rest 15 seconds")
            bus.publish(progress(5))
            bus.publish(state(.paused, from: .running))
            // The workout's moving time would not move while paused; the program holds even if it did.
            for second in 6...30 { bus.publish(progress(second)) }
            bus.publish(state(.running, from: .paused))
            for second in 31...40 { bus.publish(progress(second)) }
            try await expectNext(events, "say 3, 2, 1, go")
            try await expectNext(events, "step 3 of 3 of Push-ups")
            try await expectNext(events, "say Set 2 of 2, push-ups, 12 reps")
            bus.publish(ProgramCommand(.done(repetitions: nil)))
            try await expectNext(events, "say Push-ups done. Well done!")
            try await expectNext(events, "finished Push-ups")
        }
    }

    @Test func choosingDuringAWorkoutIsForTheNextOne() async throws {
        try await withPlugin(.init(program: "push")) { bus, events in
            bus.publish(state(.running, from: .idle))
            try await expectNext(events, "step 1 of 3 of Push-ups")
            try await expectNext(events, "say Set 1 of 2, push-ups, 12 reps")
            bus.publish(ChooseProgram(.named("Two Hard")))
            try await expectNext(events, "say Program: Two Hard, from the next workout.")
            bus.publish(ProgramCommand(.skip))
            try await expectNext(events, "step 2 of 3 of Push-ups")
        }
    }

    @Test func anUnknownProgramInTheConfigurationIsNoProgram() async throws {
        try await withPlugin(.init(program: "yoga")) { bus, events in
            try await expectNext(events, "say No program called yoga. Choose one with program on the console.")
            bus.publish(state(.running, from: .idle))
            bus.publish(ProgramCommand(.done(repetitions: nil)))
            try await expectNext(events, "say No program under way.")
        }
    }

    @Test func aTimedStepCarriesItsLengthForTheWebAppsCountDown() async throws {
        let context = PluginContext.test(storage: (), clock: ManualClock())
        let plugin = GuidedWorkoutsPlugin(
            configuration: .init(ftpWatts: 200), context: context, library: TestLibrary())
        let steps = context.bus.inbox(of: ProgramStepStarted.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            context.bus.publish(ChooseProgram(.named("two-hard")))
            context.bus.publish(state(.running, from: .idle))
            let step = try await steps.next()
            #expect(step.number == 1 && step.length == .seconds(20) && !step.endsWhenDone)
        }
    }
}
