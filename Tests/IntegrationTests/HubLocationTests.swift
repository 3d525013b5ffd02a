import BlueZTestKit
import Foundation
import GPSTestKit
import HubStore
import Testing

/// `stayfit run` with the location plugin against a real gpsd fed by gpsfake, playing generated NMEA logs about
/// 7 times faster than real time (the filter and the workout work on the receiver's own timestamps).
///
/// Not faster: the workout engine reads the time between two fixes from when they arrived once it disagrees
/// with their stamps by over 2 s, so a 20-second tunnel played 15 times faster would look like 50 m/s.
@Suite(.timeLimit(.minutes(5))) struct HubLocationTests {
    static func configuration(port: Int) -> String {
        """
        [hub]
        log-level = "info"

        [plugins.location]
        port = \(port)

        [plugins.console]
        mode = "lines"
        progress-every-seconds = 0
        """
    }

    static func line(_ port: Int) -> String { "Location sensor (gpsd at 127.0.0.1:\(port))" }

    /// Plays `route` (with `replacing` fixes swapped in) through gpsfake to a hub, starts the workout during the
    /// opening stand, stops it once gpsd says the log has ended, and returns the stored workout and samples.
    static func record(
        _ route: TestRoute, replacing: [Int: TestRoute.Reported] = [:], shifting: [Int: TimeInterval] = [:]
    ) async throws -> (workout: Workout, samples: [WorkoutSample], errors: String) {
        let scratch = try Scratch()
        let fake = try GPSFake(
            nmea: NMEALog.text(for: route, replacing: replacing, shifting: shifting), directory: scratch.url)
        defer { fake.stop() }
        let data = scratch.path("data")
        let config = try scratch.write("stayfit.toml", configuration(port: fake.port))
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("\(line(fake.port)): connected — 3D fix")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        // At the end of the log gpsd drops the receiver.
        try await hub.waitForOutput("\(line(fake.port)): lost — no receiver", timeout: .seconds(200))
        hub.send("stop")
        try await hub.waitForOutput("Workout finished")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        return (workout, try await store.samples(of: workout.id), hub.standardError)
    }

    @Test func aRouteWithNoiseATunnelAStopAndSwitchbacksIsStoredWithinOnePercentWithItsPathAndElevation() async throws {
        // A long stand first: gpsfake loses the first second or so, and the workout starts during the stand.
        var legs: [TestRoute.Leg] = [.stand(seconds: 150)]
        legs += [.straight(heading: 0, speed: 3.2, seconds: 90)]
        for index in 0..<4 {
            legs.append(.straight(heading: index % 2 == 0 ? 90 : 270, speed: 2.6, seconds: 35, climb: 9))
            legs.append(.turn(degrees: index % 2 == 0 ? -180 : 180, speed: 2.2, seconds: 9))
        }
        legs += [
            .straight(heading: 0, speed: 3.4, seconds: 60), .tunnel(speed: 3.4, seconds: 20),
            .straight(heading: 0, speed: 3.4, seconds: 40), .stand(seconds: 120),
            .straight(heading: 90, speed: 3.6, seconds: 120, climb: -36), .stand(seconds: 20),
        ]
        let route = TestRoute(legs: legs, seed: 11)
        // Glitches gpsd passes on: a jump of 5.6 km for one second, and 300 knots.
        var glitches: [Int: TestRoute.Reported] = [:]
        for index in [200, 420] {
            var glitch = try #require(route.seconds[index].reported)
            if index == 200 { glitch.latitude += 0.05 } else { glitch.speedMetersPerSecond = 154 }
            glitches[index] = glitch
        }
        let (workout, samples, errors) = try await Self.record(route, replacing: glitches)

        let error = abs(workout.totals.distanceMeters - route.lengthMeters) / route.lengthMeters
        #expect(
            error < 0.01,
            "stored \(workout.totals.distanceMeters) m for a route of \(route.lengthMeters) m (raw haversine: \(route.rawDistanceMeters) m)"
        )
        #expect(samples.contains { $0.latitude != nil }, "the path is stored")
        #expect(samples.contains { $0.altitudeMeters != nil }, "the altitude is stored")
        let gain = try #require(workout.totals.elevationGainMeters)
        let loss = try #require(workout.totals.elevationLossMeters)
        #expect(abs(gain - 36) < 15 && abs(loss - 36) < 15, "gain \(gain) m, loss \(loss) m; truth 36 m each")
        let maximum = try #require(workout.totals.maxSpeedMetersPerSecond)
        #expect(maximum < 5, "the 300-knot fix was dropped: max \(maximum) m/s")
        #expect(errors.contains("reason=jump"), "the jump was dropped and logged: \(errors)")
        #expect(errors.contains("reason=absurd value"), "the 300-knot fix was dropped and logged")
    }

    @Test func aReceiverTimeADayAheadInTheMiddleOfATrackCostsNoDistanceAfterIt() async throws {
        let route = TestRoute(
            legs: [.stand(seconds: 150), .straight(heading: 0, speed: 3, seconds: 300), .stand(seconds: 20)], seed: 14)
        // One cycle halfway along the straight whose RMC says tomorrow (GGA carries no date: gpsd takes RMC's).
        let (workout, _, errors) = try await Self.record(route, shifting: [300: 86_400])
        let error = abs(workout.totals.distanceMeters - route.lengthMeters) / route.lengthMeters
        #expect(
            error < 0.01, "stored \(workout.totals.distanceMeters) m for a route of \(route.lengthMeters) m")
        #expect(errors.contains("reason=time jump"), "the day-ahead fix was dropped and logged: \(errors)")
        #expect(!errors.contains("reason=time went back"), "no later fix looked old: \(errors)")
    }

    @Test func fiveMinutesStandingStillAddsLessThanTenMetres() async throws {
        let route = TestRoute(legs: [.stand(seconds: 420)], wanderMeters: 4, seed: 12)
        #expect(route.rawDistanceMeters > 50, "the drift is real: raw \(route.rawDistanceMeters) m")
        let (workout, samples, _) = try await Self.record(route)
        #expect(workout.totals.distanceMeters < 10, "\(workout.totals.distanceMeters) m standing still")
        #expect(samples.contains { $0.latitude != nil })
    }

    @Test func gpsdKilledAndRestartedMidWorkoutReconnectsAndLeavesAGap() async throws {
        let route = TestRoute(
            legs: [.stand(seconds: 150), .straight(heading: 45, speed: 3, seconds: 600), .stand(seconds: 30)], seed: 13)
        let middle = 450
        var first = route
        first.keep(0..<middle)
        var second = route
        second.keep(middle..<route.seconds.count)

        let scratch = try Scratch()
        let data = scratch.path("data")
        let fake = try GPSFake(nmea: NMEALog.text(for: first), directory: scratch.url)
        let config = try scratch.write("stayfit.toml", Self.configuration(port: fake.port))
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("\(Self.line(fake.port)): connected — 3D fix")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        try await hub.waitForOutput("\(Self.line(fake.port)): lost — no receiver", timeout: .seconds(120))
        fake.stop()
        try await hub.waitForOutput("\(Self.line(fake.port)): disconnected — gpsd not reachable")
        // Long enough for seconds without a fix to be recorded.
        try await Task.sleep(for: .seconds(3))
        let restarted = try GPSFake(nmea: NMEALog.text(for: second), port: fake.port, directory: scratch.url)
        defer { restarted.stop() }
        try await hub.waitForOutput("\(Self.line(fake.port)): restored — 3D fix", timeout: TestDeadline.hang)
        try await hub.waitForOutput(
            "\(Self.line(fake.port)): lost — no receiver", occurrences: 2, timeout: .seconds(180))
        hub.send("stop")
        try await hub.waitForOutput("Workout finished")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        let samples = try await store.samples(of: workout.id)
        let located = samples.indices.filter { samples[$0].latitude != nil }
        let firstLocated = try #require(located.first), lastLocated = try #require(located.last)
        let gap = samples[firstLocated...lastLocated].filter { $0.latitude == nil }
        #expect(gap.count >= 3, "the seconds without gpsd are a gap in the path: \(gap.count)")
        #expect(hub.standardError.contains("reconnecting to gpsd"))
        // The track carries on after the gap: the straight line's length is measured across it.
        #expect(
            abs(workout.totals.distanceMeters - route.lengthMeters) < 0.02 * route.lengthMeters,
            "\(workout.totals.distanceMeters) m of \(route.lengthMeters) m")
    }
}

extension StayfitProcess {
    /// Waits until standard output contains `text` at least `occurrences` times.
    func waitForOutput(_ text: String, occurrences: Int, timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while standardOutput.components(separatedBy: text).count - 1 < occurrences {
            guard ContinuousClock.now < deadline, isRunning else {
                Issue.record("\(occurrences) × \"\(text)\" not in the output within \(timeout):\n\(standardOutput)")
                throw StayfitProcessError.timedOut
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
