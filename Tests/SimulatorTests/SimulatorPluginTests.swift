import Foundation
import HubCore
import HubTestKit
import Simulator
import Testing

@Suite struct SimulatorPluginTests {
    /// The simulator's table from a `stayfit.toml` text, as the hub hands it over.
    static func table(_ text: String) throws -> ConfigTable {
        try #require(
            try HubConfiguration(text: "[plugins.simulator]\n" + text, file: "stayfit.toml").pluginTables["simulator"])
    }

    static func configuration(_ text: String) throws -> SimulatorPlugin.Configuration {
        let table = try table(text)
        let configuration = try SimulatorPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        return configuration
    }

    @Test func playsAnAutomaticWorkoutThenStopsItAndQuits() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try "seconds,heart_rate,latitude,longitude,steps\n0,100,48.0,11.5,0\n1,110,48.00002,11.5,3\n2,,,,\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try Self.configuration("file = '\(file)'\nworkout = \"auto\"\nwhen-done = \"quit\"\n")
        #expect(configuration.track.count == 3)

        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let bus = context.bus
        let plugin = SimulatorPlugin(configuration: configuration, context: context)
        let commands = bus.inbox(of: WorkoutCommand.self, subscriber: "test")
        let heartRates = bus.inbox(of: HeartRateMeasured.self, subscriber: "test")
        let positions = bus.inbox(of: PositionMeasured.self, subscriber: "test")
        let steps = bus.inbox(of: StepsCounted.self, subscriber: "test")
        let shutdowns = bus.inbox(of: ShutdownCommand.self, subscriber: "test")
        let sensors = bus.inbox(of: SensorStatusChanged.self, subscriber: "test")
        /// How many messages of each type the simulator has published so far.
        func published() -> [String: Int] {
            Dictionary(
                uniqueKeysWithValues: bus.statistics().filter { $0.subscriber == "test" }.map {
                    ($0.messageType, $0.delivered)
                })
        }
        let start = clock.now

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }

            // Before the first reading: the sensors are up and the workout is started.
            try await clock.waitForSleepers()
            #expect(try await commands.next() == WorkoutCommand(.start, at: HubInstant(sinceOrigin: .zero)))
            #expect(
                try await sensors.next()
                    == SensorStatusChanged(sensor: .heartRate, status: .connected, device: "simulator"))
            #expect(
                try await sensors.next()
                    == SensorStatusChanged(sensor: .location, status: .connected, device: "simulator"))
            #expect(
                published() == [
                    "WorkoutCommand": 1, "HeartRateMeasured": 0, "PositionMeasured": 0, "StepsCounted": 0,
                    "ShutdownCommand": 0,
                    "SensorStatusChanged": 2,
                ])

            // Each recorded second is played half a second past its mark.
            for (second, (heartRate, latitude, totalSteps)) in [(100, 48.0, 0), (110, 48.00002, 3)].enumerated() {
                clock.advance(by: second == 0 ? .milliseconds(500) : .seconds(1))
                let at = start.addingTimeInterval(Double(second) + 0.5)
                #expect(
                    try await heartRates.next()
                        == HeartRateMeasured(
                            beatsPerMinute: heartRate, rrIntervals1024: [], contact: .contact,
                            source: "simulator", timestamp: at, isSimulated: true))
                #expect(
                    try await positions.next()
                        == PositionMeasured(
                            latitude: latitude, longitude: 11.5, source: "simulator", timestamp: at, isSimulated: true))
                #expect(
                    try await steps.next()
                        == StepsCounted(totalSteps: totalSteps, source: "simulator", timestamp: at, isSimulated: true))
                try await clock.waitForSleepers()
            }
            // The third second has no readings. Right after its turn comes the stop, stamped with the recording's
            // end (3 s) while the clock is still at 2.5 s: however late a busy machine wakes the engine, it cannot
            // close a fourth second before it gets the stop.
            clock.advance(by: .seconds(1))
            let stop = try await commands.next()
            #expect(stop.action == .stop)
            #expect(stop.at == HubInstant(sinceOrigin: .seconds(3)), "stamped with the recording's end")
            #expect(clock.now == start.addingTimeInterval(2.5), "sent before the clock reached the recording's end")
            #expect(published()["HeartRateMeasured"] == 2)
            #expect(published()["ShutdownCommand"] == 0)
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
            try await group.waitForAll()
        }
        #expect(clock.now == start.addingTimeInterval(2.5))
        #expect(try await shutdowns.next() == ShutdownCommand(reason: "the simulation has finished"))
        #expect(
            published() == [
                "WorkoutCommand": 2, "HeartRateMeasured": 2, "PositionMeasured": 2, "StepsCounted": 2,
                "ShutdownCommand": 1,
                "SensorStatusChanged": 2,
            ])
        withExtendedLifetime(scratch) {}
    }

    /// The demo with a goal's auto-stop: the workout ends at the goal, and so does the simulation, not minutes later
    /// with a stop for a workout that is over.
    @Test func anAutomaticWorkoutEndedBeforeTheRecordingEndsTheSimulationWithIt() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try "seconds,heart_rate\n0,100\n1,110\n2,120\n3,130\n599,140\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try Self.configuration("file = '\(file)'\nworkout = \"auto\"\nwhen-done = \"quit\"\n")
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let bus = context.bus
        let commands = bus.inbox(of: WorkoutCommand.self, subscriber: "test")
        let heartRates = bus.inbox(of: HeartRateMeasured.self, subscriber: "test")
        let shutdowns = bus.inbox(of: ShutdownCommand.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: configuration, context: context).run() }
            try await clock.waitForSleepers()
            #expect(try await commands.next().action == .start)
            clock.advance(by: .milliseconds(1500))
            #expect(try await heartRates.next().beatsPerMinute == 100)
            #expect(try await heartRates.next().beatsPerMinute == 110)
            // The goals plugin stops the workout at second 2; the engine finishes it.
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
            try await group.waitForAll()
        }
        #expect(try await shutdowns.next() == ShutdownCommand(reason: "the simulation has finished"))
        #expect(clock.instant == HubInstant(sinceOrigin: .milliseconds(1500)), "no minutes waited")
        bus.publish(WorkoutCommand(.lap))  // a marker: the simulator sent no stop of its own before it
        #expect(try await commands.next() == WorkoutCommand(.lap))
        withExtendedLifetime(scratch) {}
    }

    @Test func announcesOnlyTheSensorsItsRecordingHas() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("hr.csv").path
        try "seconds,heart_rate\n0,120\n".write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try Self.configuration("file = '\(file)'\nwhen-done = \"idle\"")
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let sensors = context.bus.inbox(of: SensorStatusChanged.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: configuration, context: context).run() }
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(1))
            try await group.waitForAll()
        }
        #expect(
            try await sensors.next() == SensorStatusChanged(sensor: .heartRate, status: .connected, device: "simulator")
        )
        #expect(context.bus.statistics().first { $0.subscriber == "test" }?.delivered == 1)
        withExtendedLifetime(scratch) {}
    }

    @Test func repeatingContinuesTheStepCount() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try "seconds,steps\n0,0\n1,4\n".write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try Self.configuration("file = \"\(file)\"")  // manual, repeat

        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let steps = context.bus.inbox(of: StepsCounted.self)
        let commands = context.bus.inbox(of: WorkoutCommand.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: configuration, context: context).run() }
            var totals: [Int] = []
            for _ in 0..<5 {
                try await clock.waitForSleepers()
                clock.advance(by: totals.isEmpty ? .milliseconds(500) : .seconds(1))
                totals.append(try await steps.next().totalSteps)
            }
            #expect(totals == [0, 4, 4, 8, 8])
            group.cancelAll()
        }
        // Manual control: the simulator never starts or stops the workout.
        #expect(context.bus.statistics().first { $0.messageType == "WorkoutCommand" }?.delivered == 0)
        withExtendedLifetime((scratch, commands)) {}
    }

    /// Plays `csv` with `when-done = "repeat"` and returns the first `count` messages of type `M`.
    private func playRepeating<M: BusMessage>(_ csv: String, collecting count: Int, of type: M.Type) async throws -> [M]
    {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let configuration = try Self.configuration("file = '\(file)'\nwhen-done = \"repeat\"")
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let messages = context.bus.inbox(of: M.self)
        defer { withExtendedLifetime(scratch) {} }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: configuration, context: context).run() }
            var iterator = messages.makeAsyncIterator()
            var collected: [M] = []
            while collected.count < count {
                try await clock.waitForSleepers()
                clock.advance(by: .seconds(1))
                // Every message of this second is published before the simulator sleeps again.
                try await clock.waitForSleepers()
                let published = context.bus.statistics().first { $0.messageType == "\(M.self)" }?.delivered ?? 0
                while collected.count < published { collected.append(try #require(await iterator.next())) }
            }
            group.cancelAll()
            return Array(collected.prefix(count))
        }
    }

    @Test
    func repeatingNeverCountsStepsBackwards() async throws {
        let steps = try await playRepeating("seconds,steps\n0,0\n1,4\n2,\n", collecting: 4, of: StepsCounted.self)
        let totals = steps.map(\.totalSteps)
        #expect(zip(totals, totals.dropFirst()).allSatisfy { $0 <= $1 }, "\(totals)")
    }

    @Test func withoutAFileItPlaysTheSyntheticRun() throws {
        let configuration = try Self.configuration("")
        #expect(configuration.track == SyntheticRun.make(minutes: 30))
        #expect(configuration.source == "synthetic run (30 min)")
        #expect(configuration.whenDone == .repeat)
        #expect(configuration.workout == .manual)
        #expect(try Self.configuration("minutes = 2").track.count == 120)
    }

    @Test func aRelativeRecordingIsFoundNextToTheConfigurationFile() throws {
        let directory = try TemporaryDirectory()
        try "seconds\n0\n1\n".write(
            to: directory.url.appendingPathComponent("run.csv"), atomically: true, encoding: .utf8)
        let stayfit = directory.url.appendingPathComponent("stayfit.toml").path
        let table = try #require(
            try HubConfiguration(text: "[plugins.simulator]\nfile = \"run.csv\"", file: stayfit).pluginTables[
                "simulator"])
        let configuration = try SimulatorPlugin.Configuration(table)
        #expect(configuration.track.map(\.offset) == [0, 1])
        #expect(configuration.source == directory.url.appendingPathComponent("run.csv").path)
    }

    @Test func aFileThatCannotBeReadIsAnErrorOnTheFileKey() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try Self.configuration("\nfile = \"/nonexistent/run.csv\"")
        }
        #expect(error.kind == .invalidValue)
        #expect(error.key == "plugins.simulator.file")
        #expect(error.line == 3)
        #expect(error.problem.contains("/nonexistent/run.csv"))
    }

    @Test func aBadRecordingIsAnErrorNamingItsLine() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("bad.csv").path
        try "seconds,heart_rate\n0,90\n1,900\n".write(toFile: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration("file = '\(file)'") }
        #expect(error.kind == .invalidValue)
        #expect(error.key == "plugins.simulator.file")
        #expect(error.problem.contains("\(file):3"))
    }

    @Test(arguments: [
        ("minutes = 0", ConfigurationError.Kind.outOfRange, "plugins.simulator.minutes"),
        ("minutes = \"ten\"", .wrongType, "plugins.simulator.minutes"),
        ("when-done = \"stop\"", .invalidValue, "plugins.simulator.when-done"),
        ("workout = \"automatic\"", .invalidValue, "plugins.simulator.workout"),
        ("speeed = 2", .unknownKey, "plugins.simulator.speeed"),
    ])
    func aBadSettingIsAnErrorOnItsKey(text: String, kind: ConfigurationError.Kind, key: String) throws {
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration(text) }
        #expect(error.kind == kind)
        #expect(error.key == key)
        #expect(error.line == 2)
    }

    // MARK: - Absurd tracks: no overflow, whatever the track holds

    @Test func aTrackEndingAtIntMaxPlaysItsFirstSecondInsteadOfTrapping() async throws {
        var configuration = try Self.configuration("when-done = \"idle\"")
        configuration.track = [
            SimulatedSecond(offset: 0, heartRate: 120, latitude: nil, longitude: nil, steps: nil),
            SimulatedSecond(offset: .max, heartRate: 121, latitude: nil, longitude: nil, steps: nil),
        ]
        let playing = configuration
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let heartRates = context.bus.inbox(of: HeartRateMeasured.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: playing, context: context).run() }
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(1))
            #expect(try await heartRates.next().beatsPerMinute == 120)
            // The second reading is due in 292 billion years: the plugin waits for it.
            try await clock.waitForSleepers()
            group.cancelAll()
        }
        withExtendedLifetime(scratch) {}
    }

    @Test func repeatingAStepCountNearIntMaxSaturatesInsteadOfTrapping() async throws {
        var configuration = try Self.configuration("when-done = \"repeat\"")
        configuration.track = [
            SimulatedSecond(offset: 0, heartRate: nil, latitude: nil, longitude: nil, steps: .max - 1)
        ]
        let playing = configuration
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let steps = context.bus.inbox(of: StepsCounted.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: playing, context: context).run() }
            var totals: [Int] = []
            for _ in 0..<3 {
                try await clock.waitForSleepers()
                clock.advance(by: .seconds(1))
                totals.append(try await steps.next().totalSteps)
            }
            // Round 0 plays Int.max - 1; every later round would add that again: capped at Int.max.
            #expect(totals == [.max - 1, .max, .max])
            group.cancelAll()
        }
        withExtendedLifetime(scratch) {}
    }

    @Test func aRecordingOfIntMaxSecondsIsAConfigurationError() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try "seconds,heart_rate\n0,90\n9223372036854775807,91\n".write(toFile: file, atomically: true, encoding: .utf8)
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration("file = '\(file)'") }
        #expect(error.key == "plugins.simulator.file")
        #expect(
            error.problem.hasSuffix(
                "run.csv:3: seconds \"9223372036854775807\" is out of range; it must be from 0 to 86399 (a recording covers at most 24 hours)"
            ))
    }

    @Test func anEndlessDeviceIsNotReadAsARecording() throws {
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration("file = '/dev/zero'") }
        #expect(error.key == "plugins.simulator.file")
        #expect(error.problem == "cannot read /dev/zero: it is a device, not a regular file")
    }
}
