import Foundation
import HubCore
import HubTestKit
import Simulator
import Testing

/// The simulator as a supervised plugin: after a restart it still hears that the workout has finished.
@Suite(.timeLimit(.minutes(5))) struct SimulatorRestartTests {
    private enum Seen: Sendable, Equatable {
        case command(WorkoutCommand.Action)
        case shutdown
    }

    @Test func afterASupervisedRestartTheSimulatorStillWaitsForTheWorkoutToFinish() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try "seconds,heart_rate,latitude,longitude,steps\n0,100,48.0,11.5,0\n1,110,48.00002,11.5,3\n2,,,,\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try SimulatorPluginTests.configuration(
            "file = '\(file)'\nworkout = \"auto\"\nwhen-done = \"quit\"\n")
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        defer { withExtendedLifetime(scratch) {} }
        let bus = context.bus
        let seen = bus.inbox(of: Seen.self, subscriber: "test") {
            $0.route(WorkoutCommand.self) { .command($0.action) }
            $0.route(ShutdownCommand.self) { _ in .shutdown }
        }
        var iterator = seen.makeAsyncIterator()
        /// Plays the three-second recording: the simulator starts the workout, plays it and stops it.
        func playRecording() async throws {
            let first = await iterator.next()
            #expect(first == .command(.start), "\(String(describing: first))")
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(4))
            #expect(await iterator.next() == .command(.stop))
        }
        /// Messages delivered to the simulator's subscription to workout states; nil when it has none.
        func workoutStatesDelivered() -> Int? {
            bus.statistics().first { $0.subscriber == "simulator" && $0.messageType == "WorkoutStateChanged" }?
                .delivered
        }

        try await withSupervisedRestart(of: SimulatorPlugin.id, clock: clock, bus: bus) {
            SimulatorPlugin(configuration: configuration, context: context)
        } _: { restart in
            // The first run fails while it waits for the workout it stopped to be saved: that wait ends with it.
            try await playRecording()
            try await restart.failFirstRunAndRestart()

            try await playRecording()
            #expect(workoutStatesDelivered() == 0, "the restarted simulator listens for workout states")
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
            #expect(await iterator.next() == .shutdown)
        }
    }
}
