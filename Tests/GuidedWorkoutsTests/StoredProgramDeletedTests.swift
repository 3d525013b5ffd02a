import HubCore
import HubStore
import HubTestKit
import Programs
import Testing

@testable import GuidedWorkouts

/// A program deleted from the store (`stayfit programs delete`) while a workout follows it: the run has its own
/// copy of the program and ends as planned; afterwards the next workout does not follow it, and neither
/// `program ID` nor `next-program` offers it.
@Suite(.serialized, .timeLimit(.minutes(2))) struct StoredProgramDeletedTests {
    static let quick = """
        name = "Quick ride"
        kind = "indoor-ride"

        [[steps]]
        interval = "Spin"
        time = "0:20"
        target = { ftp = 60 }

        [[steps]]
        interval = "Push"
        time = "0:10"
        target = { ftp = 100 }
        """

    @Test func aProgramDeletedWhileItRunsEndsAsPlannedAndIsNoLongerOffered() async throws {
        let hub = try GuidedHub()
        // The person's own program, and a copy of it (`stayfit programs copy`), which the workout follows.
        let original = try await hub.store.addProgram(name: "Quick ride", kind: .indoorRide, text: Self.quick)
        let copyText = Self.quick.replacingOccurrences(of: "Quick ride", with: "Quick ride, my copy")
        let copy = try await hub.store.addProgram(
            name: "Quick ride, my copy", kind: .indoorRide, text: copyText, copiedFrom: original.id)
        try await hub.run {
            hub.bus.publish(ChooseProgram(.named(copy.id)))
            #expect(try await hub.settle() == ["say Program: Quick ride, my copy."])
            var timeline: [Timed] = []
            func record(_ lines: [String]) { timeline += lines.map { Timed(hub.now, $0) } }
            record(try await hub.startWorkout())
            for _ in 1...12 { record(try await hub.second()) }
            #expect(try await hub.store.deleteProgram(id: copy.id) == .deleted)
            #expect(try await hub.store.program(id: copy.id) == nil)
            while !timeline.contains(where: { $0.line == "finished" }), hub.now < 60 {
                record(try await hub.second())
            }
            #expect(
                timeline == [
                    .at(0, "say Workout started."), .at(0, "state running"), .at(0, "step 1 of 2"),
                    .at(0, "say Spin: 20 seconds, 120 watts"), .at(0, "target 120"),
                    .at(10, "say 10 seconds"), .at(17, "say 3, 2, 1, go"),
                    .at(20, "step 2 of 2"), .at(20, "say Push: 10 seconds, 200 watts"), .at(20, "target 200"),
                    .at(27, "say 3, 2, 1"),
                    .at(30, "say Quick ride, my copy done. Well done!"), .at(30, "finished"),
                ])

            // The next workout follows no deleted program, though it was the one chosen.
            _ = try await hub.workout(.stop, until: .finished)
            let next = try await hub.startWorkout().filter { !$0.hasPrefix("second ") }
            #expect(
                next == [
                    "say Workout started.", "state running",
                    "say Program Quick ride, my copy was deleted: this workout follows none.",
                ])
            for _ in 1...3 {
                let second = try await hub.second()
                #expect(second.isEmpty, "no step of any program")
            }

            hub.bus.publish(ChooseProgram(.named(copy.id)))
            #expect(try await hub.settle() == ["say No program called \(copy.id)."])
            // Once round the whole list: the original and the built-in programs, each once, never the copy.
            var offered: [String] = []
            for _ in 0..<(BuiltInPrograms.all.count + 1) {
                hub.bus.publish(ChooseProgram(.next))
                offered += try await hub.settle()
            }
            #expect(!offered.contains { $0.contains("my copy") }, "\(offered)")
            #expect(offered.filter { $0 == "say Program: Quick ride." }.count == 1, "\(offered)")
            #expect(Set(offered).count == BuiltInPrograms.all.count + 1, "each program once: \(offered)")
        }
    }
}
