import Foundation
import HubCore
import HubTestKit
import Simulator
import Testing

/// The built-in indoor sessions: each plays the sensors of its machine, with figures a person would believe.
@Suite struct SyntheticIndoorSessionTests {
    @Test func aSpinBikeSessionHasPowerCadenceAndTheWheelsSpeed() throws {
        let configuration = try SimulatorPluginTests.configuration("kind = \"indoor-ride\"\nminutes = 20\n")
        #expect(configuration.kind == .indoorRide)
        #expect(configuration.source == "synthetic indoor ride (20 min)")
        let track = configuration.track
        #expect(track.count == 1200)
        #expect(track.allSatisfy { $0.latitude == nil && $0.indoor?.origin == .wheel })
        let power = track.compactMap { $0.indoor?.powerWatts }, cadence = track.compactMap { $0.indoor?.cadence }
        #expect(power.count == 1200 && cadence.count == 1200)
        #expect(power.allSatisfy { (80...340).contains($0) }, "\(power.min() ?? 0)…\(power.max() ?? 0) W")
        #expect(cadence.allSatisfy { (75...101).contains($0) })
        // At 200 W the wheel's speed solves 0.192·v³ + 4·v = 200 (drag and rolling): v = 9.46 m/s, 34 km/h.
        let near200 = try #require(track.first { $0.indoor?.powerWatts == 200 }?.indoor)
        #expect(abs(near200.speedMetersPerSecond - 9.46) < 0.05, "\(near200.speedMetersPerSecond)")
        // The distance is the sum of the speeds, second by second, and never goes back.
        let distances = track.compactMap { $0.indoor?.totalDistanceMeters }
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0 < $1 })
        // Heart rate follows the effort: lower in the first minute than in the hard block from minute 5 to 8.
        let early = track[0..<60].compactMap(\.heartRate).max() ?? 0
        let hard = track[420..<480].compactMap(\.heartRate).min() ?? 0
        #expect(early < hard, "\(early) then \(hard)")
    }

    @Test func aTreadmillHasItsBeltAndAHillAndARowerItsStrokes() throws {
        let treadmill = try SimulatorPluginTests.configuration("kind = \"treadmill\"\nminutes = 10\n").track
        #expect(treadmill.allSatisfy { $0.indoor?.origin == .machine && $0.steps != nil })
        let speeds = treadmill.compactMap { $0.indoor?.speedMetersPerSecond }
        #expect(speeds.allSatisfy { (8 / 3.6 - 1e-9...12 / 3.6 + 1e-9).contains($0) })
        #expect(Set(treadmill.compactMap { $0.indoor?.inclinePercent }) == [1, 4])
        let rower = try SimulatorPluginTests.configuration("kind = \"row\"\nminutes = 10\n").track
        let strokes = rower.compactMap { $0.indoor?.strokeCount }
        #expect(strokes.count == 600 && zip(strokes, strokes.dropFirst()).allSatisfy { $0 <= $1 })
        // Concept2: 2.80 / pace³ = power, so at 250 W a 500 m split is 500 / (250 / 2.8)^(1/3) = 111.9 s (1:52).
        let pace = 500 / pow(250 / 2.80, 1.0 / 3)
        #expect(abs(pace - 111.9) < 0.1)
    }

    @Test func anOutdoorKindPlaysTheLoopAtItsPaceAndAnUnknownKindIsRefused() throws {
        #expect(try SimulatorPluginTests.configuration("kind = \"ride\"\n").source == "synthetic ride (30 min)")
        #expect(try SimulatorPluginTests.configuration("kind = \"walk\"\n").source == "synthetic walk (30 min)")
        #expect(try SimulatorPluginTests.configuration("kind = \"other\"\n").source == "synthetic run (30 min)")
        #expect(
            try SimulatorPluginTests.configuration("kind = \"strength\"\n").source == "synthetic strength (30 min)")
        let error = try #require(throws: ConfigurationError.self) {
            try SimulatorPluginTests.configuration("kind = \"yoga\"\n")
        }
        #expect(error.description.contains("plugins.simulator.kind: \"yoga\" is not a kind of workout"))
    }

    /// The simulator starts the workout as the kind it plays, and publishes the machine's readings as its sensors.
    @Test func anAutomaticIndoorRideStartsOfItsKindAndPublishesPowerAndCadence() async throws {
        let configuration = try SimulatorPluginTests.configuration(
            "kind = \"indoor-ride\"\nminutes = 1\nworkout = \"auto\"\nwhen-done = \"idle\"\n")
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let commands = context.bus.inbox(of: WorkoutCommand.self, subscriber: "test")
        let speeds = context.bus.inbox(of: SpeedMeasured.self, subscriber: "test")
        let powers = context.bus.inbox(of: PowerMeasured.self, subscriber: "test")
        let cadences = context.bus.inbox(of: CadenceMeasured.self, subscriber: "test")
        let parts = context.bus.inbox(of: StatusPart.self, subscriber: "test")
        let plugin = SimulatorPlugin(configuration: configuration, context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            try await clock.waitForSleepers()
            #expect(
                try await commands.next()
                    == WorkoutCommand(.start, at: HubInstant(sinceOrigin: .zero), kind: .indoorRide))
            clock.advance(by: .milliseconds(500))
            let first = try #require(configuration.track.first?.indoor)
            let speed = try await speeds.next()
            #expect(speed.speedMetersPerSecond == first.speedMetersPerSecond)
            #expect(speed.totalDistanceMeters == first.totalDistanceMeters)
            #expect((speed.origin, speed.isSimulated) == (.wheel, true))
            #expect(try await powers.next().watts == first.powerWatts)
            #expect(try await cadences.next().perMinute == first.cadence)
            // "status now" says the simulated bike's figures as it says a real one's.
            var said = ""
            while !said.contains("watts") { said = try await parts.next().words(at: clock.instant) }
            let watts = try #require(first.powerWatts)
            let kilometersPerHour = (first.speedMetersPerSecond * 36).rounded() / 10
            #expect(
                said == "\(watts) watts, cadence \(Int((first.cadence ?? 0).rounded())), \(kilometersPerHour) km/h",
                "\(said)")
            group.cancelAll()
        }
        withExtendedLifetime(scratch) {}
    }
}
