import BlueZTestKit
import DBus
import HubCore
import HubTestKit
import Programs
import Testing

@testable import FitnessSensors
@testable import GuidedWorkouts

/// A whole ride program through the hub: the workout engine on a manual clock, the programs plugin, and a smart
/// trainer (python-dbusmock's BlueZ on a private bus) behind the fitness-sensors plugin. Every announcement and
/// every control-point write is checked with the second of hub time it came in.
@Suite(.serialized, .timeLimit(.minutes(5))) struct GuidedRideTests {
    static let trainer = "C0:FF:EE:00:00:04"

    /// 3:30 in all: a ramp from 50 to 70 % of FTP (a target every 10 s), two hard and easy half minutes, and a
    /// ramp down.
    static let ride = """
        name = "Short ride"
        kind = "indoor-ride"

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "1:00"
        target = { ftp-from = 50, ftp-to = 70 }
        messages = [{ at = "0:45", text = "Hard part next" }]

        [[steps]]
        repeat = 2

        [[steps.steps]]
        interval = "Hard"
        time = "0:30"
        target = { ftp = 120 }

        [[steps.steps]]
        interval = "Easy"
        role = "recover"
        time = "0:30"
        target = { ftp = 60 }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "0:30"
        target = { ftp-from = 60, ftp-to = 40 }
        """

    /// What the ride says and sends with an FTP of 200 W, by second of hub time from the workout's start: each
    /// step as it starts with its target, the ramps' targets every 10 s along them (53.3 % of 200 is 107 W), the
    /// warm-up's message, "10 seconds" and the countdown before each step ends.
    static let plan: [Timed] = [
        .at(0, "say Workout started."), .at(0, "state running"), .at(0, "step 1 of 6"),
        .at(0, "say Warm-up: 1 minute, ramp from 50 to 70 percent of FTP"), .at(0, "target 100"),
        .at(10, "target 107"), .at(20, "target 113"), .at(30, "target 120"), .at(40, "target 127"),
        .at(45, "say Hard part next"), .at(50, "say 10 seconds"), .at(50, "target 133"),
        .at(57, "say 3, 2, 1, go"),
        .at(60, "step 2 of 6"), .at(60, "say Interval 1 of 2: 30 seconds, 240 watts"), .at(60, "target 240"),
        .at(80, "say 10 seconds"), .at(87, "say 3, 2, 1, go"),
        .at(90, "step 3 of 6"), .at(90, "say Easy: 30 seconds, 120 watts"), .at(90, "target 120"),
        .at(110, "say 10 seconds"), .at(117, "say 3, 2, 1, go"),
        .at(120, "step 4 of 6"), .at(120, "say Interval 2 of 2: 30 seconds, 240 watts"), .at(120, "target 240"),
        .at(140, "say 10 seconds"), .at(147, "say 3, 2, 1, go"),
        .at(150, "step 5 of 6"), .at(150, "say Easy: 30 seconds, 120 watts"), .at(150, "target 120"),
        .at(170, "say 10 seconds"), .at(177, "say 3, 2, 1, go"),
        .at(180, "step 6 of 6"), .at(180, "say Cool-down: 30 seconds, ramp from 60 to 40 percent of FTP"),
        .at(180, "target 120"), .at(190, "target 107"), .at(200, "say 10 seconds"), .at(200, "target 93"),
        .at(207, "say 3, 2, 1"),
        .at(210, "say Short ride done. Well done!"), .at(210, "finished"),
    ]

    /// The program's power targets in watts, in order, as the plan sends them.
    static var plannedWatts: [(second: Int, watts: Int)] {
        plan.compactMap { timed in
            guard timed.line.hasPrefix("target "), let watts = Int(timed.line.dropFirst("target ".count)) else {
                return nil
            }
            return (timed.second, watts)
        }
    }

    @Test func aWholeRideIsSaidAndSentToTheTrainerEachAtItsSecond() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            let ride = try await self.ride(on: environment, trainer: trainer)
            #expect(ride.timeline == Self.plan)
            // Control once, then each target as Set Target Power (0x05, watts as uint16 little-endian) in the
            // second its step or its ramp asked for it; and the machine started with the workout (0x07) at second
            // 0, before or after the first target (the program answers the start while the trainer is told of it).
            let expected =
                [Timed(0, bytes: [0x00])]
                + Self.plannedWatts.map {
                    Timed($0.second, bytes: [0x05, UInt8($0.watts & 0xFF), UInt8($0.watts >> 8)])
                }
            let start = Timed(0, bytes: [0x07])
            #expect(ride.writes.filter { $0 != start } == expected)
            #expect(ride.writes.filter { $0 == start }.count == 1)
            #expect(ride.after == ["say The trainer took 50 watts."], "a program's targets are taken quietly")
            #expect(ride.last == [0x08, 0x01], "the workout's end stops the machine")
        }
    }

    @Test func aTrainerThatRefusesControlLeavesTheSpokenTargetsAndSaysSoOnce() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await trainer.answerControlPoint(opCode: 0x00, with: 0x05)
            let refusal = "say The trainer refused: control not permitted."
            let ride = try await self.ride(on: environment, trainer: trainer, refusedAtStart: refusal)
            // The program goes on as planned, its targets said; the refusal is heard once, at the start (to the
            // start, or to the first target: the machine answers while the program speaks).
            #expect(ride.timeline.filter { $0.line != refusal } == Self.plan)
            #expect(ride.timeline.filter { $0.line == refusal } == [Timed(0, refusal)])
            // Control is asked for with the start and again with each target (another app may have let go of the
            // trainer), and never a start or a target without it.
            #expect(
                ride.writes == [Timed(0, bytes: [0x00])] + Self.plannedWatts.map { Timed($0.second, bytes: [0x00]) })
            #expect(ride.after == [refusal], "a person's own target is answered aloud, refused or not")
            // The next workout on the same connection hears it once again, at its start.
            #expect(
                ride.nextStart.filter { $0 != refusal } == [
                    "say Workout started.", "state running", "step 1 of 6",
                    "say Warm-up: 1 minute, ramp from 50 to 70 percent of FTP", "target 100",
                ])
            #expect(ride.nextStart.filter { $0 == refusal }.count == 1)
        }
    }

    /// What a ride said and sent, each with its second, and what came after it.
    private struct Ride {
        var timeline: [Timed] = []
        var writes: [Timed] = []
        /// The lines from the end of the program to the answer to a person's own target of 50 W, sent last: the
        /// fitness-sensors plugin answers targets in order, so any word about the program's targets comes first.
        var after: [String] = []
        /// With a refusal: the lines of the next workout's start, through the refusal said again.
        var nextStart: [String] = []
        /// Without a refusal: the last write, once the workout was stopped.
        var last: [UInt8]?
    }

    /// Rides `ride` through the hub with the trainer, one second of hub time at a time, waiting each second for the
    /// trainer to have every target asked so far (each one write, control once when granted, else each time).
    private func ride(
        on environment: BlueZEnvironment, trainer: MockFitnessSensor, refusedAtStart refusal: String? = nil
    ) async throws -> Ride {
        let program = try Program(toml: Self.ride, file: "short-ride.toml")
        let hub = try GuidedHub(ftpWatts: 200, program: "test", library: OneProgram(program))
        var logger = hub.context.logger
        logger[metadataKey: "plugin"] = "fitness-sensors"
        let fitness = FitnessSensorsPlugin(
            // The mock trainer sends no figures (what it is asked is under test, not what it measures): no word of
            // its data going stale during the ride.
            configuration: .init(
                devices: [Self.trainer], staleAfter: .seconds(3600), controlPointTimeout: .seconds(30)),
            context: PluginContext(bus: hub.bus, storage: hub.context.storage, logger: logger, clock: hub.clock),
            busAddress: DBusAddress(environment.bus.address))
        var ride = Ride()
        try await hub.run(with: [fitness]) {
            _ = try await hub.lines(through: "sensor connected")
            var targets = 0
            func record(_ lines: [String]) async throws {
                ride.timeline += lines.map { Timed(hub.now, $0) }
                targets += lines.filter { $0.hasPrefix("target ") }.count
                if let refusal, hub.now == 0, !lines.contains(refusal) {
                    ride.timeline += try await hub.lines(through: refusal).map { Timed(hub.now, $0) }
                }
                // Control and the start, then each target; refused, control asked for with the start and each.
                let writes = targets + (refusal == nil ? 2 : 1)
                guard targets > 0, ride.writes.count < writes else { return }
                try await eventually("\(writes) control point writes by second \(hub.now)") {
                    try await trainer.controlPointWrites().count >= writes
                }
                let all = try await trainer.controlPointWrites()
                ride.writes += all.dropFirst(ride.writes.count).map { Timed(hub.now, bytes: $0) }
            }
            try await record(try await hub.startWorkout())
            while !ride.timeline.contains(where: { $0.line == "finished" }) {
                guard hub.now < 300 else { break }
                try await record(try await hub.second())
            }
            hub.bus.publish(MachineTarget(.power(watts: 50)))
            ride.after = try await hub.lines(through: { $0.hasPrefix("say The trainer") }).filter {
                !$0.hasPrefix("second ") && $0 != "target 50 from a person"
            }
            let writes = try await trainer.controlPointWrites().count
            _ = try await hub.workout(.stop, until: .finished)
            try await eventually("the trainer's plugin sees the workout finished") {
                fitness.shared.workoutState == .finished
            }
            guard let refusal else {
                try await eventually("the stop written") { try await trainer.controlPointWrites().count > writes }
                ride.last = try await trainer.controlPointWrites().last
                return
            }
            ride.nextStart = try await hub.startWorkout()
            if !ride.nextStart.contains(refusal) { ride.nextStart += try await hub.lines(through: refusal) }
        }
        return ride
    }
}
