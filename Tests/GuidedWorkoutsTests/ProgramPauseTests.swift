import HubCore
import HubTestKit
import Programs
import Testing

@testable import GuidedWorkouts

/// A pause of the workout, asked of the workout engine as a button or the console asks it, holds the program's
/// clock: a rest paused in its middle says nothing while paused and goes on from where it was.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ProgramPauseTests {
    static let strength = """
        name = "Push-ups"
        kind = "strength"

        [[steps]]
        exercise = "Push-ups"
        sets = 2
        reps = 10
        rest = "0:20"
        """

    @Test func aRestPausedInItsMiddleHoldsItsCountdownAndGoesOnAfterTheResume() async throws {
        let program = try Program(toml: Self.strength, file: "push-ups.toml")
        let hub = try GuidedHub(program: "test", library: OneProgram(program))
        try await hub.run {
            var timeline: [Timed] = []
            func record(_ lines: [String]) { timeline += lines.map { Timed(hub.now, $0) } }
            record(try await hub.startWorkout())
            hub.bus.publish(ProgramCommand(.done(repetitions: nil)))
            record(try await hub.settle())
            for _ in 1...5 { record(try await hub.second()) }
            // 5 s into the 20 s rest: the engine pauses the workout for 30 s, longer than the rest.
            record(try await hub.workout(.pause, until: .paused))
            for _ in 1...30 { record(try await hub.second()) }
            record(try await hub.workout(.resume, until: .running))
            for _ in 1...15 { record(try await hub.second()) }

            #expect(
                timeline == [
                    .at(0, "say Workout started."), .at(0, "state running"), .at(0, "step 1 of 3"),
                    .at(0, "say Set 1 of 2, push-ups, 10 reps"),
                    .at(0, "command done"), .at(0, "step 2 of 3"), .at(0, "say Rest 20 seconds"),
                    .at(5, "state paused"), .at(5, "say Workout paused."),
                    .at(35, "state running"), .at(35, "say Workout resumed."),
                    // The rest's own time: 10 s left 5 s after the resume, the countdown 7 s later, then the set.
                    .at(40, "say 10 seconds"), .at(47, "say 3, 2, 1, go"),
                    .at(50, "step 3 of 3"), .at(50, "say Set 2 of 2, push-ups, 10 reps"),
                ])
        }
    }
}
