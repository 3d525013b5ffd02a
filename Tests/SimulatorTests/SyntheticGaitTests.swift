import HubCore
import Simulator
import Testing

/// The built-in outdoor loop walked and ridden, and strength sets: each kind of the demo moves (or not) as that
/// workout would, instead of every outdoor kind playing the run.
@Suite struct SyntheticGaitTests {
    /// Metres per second over the steady middle of a 20-minute session (after the 3-minute warm-up, before the
    /// cool-down), from the positions themselves.
    private func steadySpeed(_ seconds: [SimulatedSecond]) throws -> Double {
        let middle = Array(seconds[300..<900])
        var meters = 0.0
        for (a, b) in zip(middle, middle.dropFirst()) {
            meters += Geo.distanceMeters(
                fromLatitude: try #require(a.latitude), longitude: try #require(a.longitude),
                toLatitude: try #require(b.latitude), longitude: try #require(b.longitude))
        }
        return meters / Double(middle.count - 1)
    }

    @Test func aRideGoesRoundTheLoopAtARidersSpeedWithoutSteps() throws {
        let ride = SyntheticRun.make(minutes: 20, gait: SyntheticRun.Gait.of(.ride))
        // 5.0 + 2.5 m/s with a ±0.8 swing: 24–30 km/h.
        #expect((6.7...8.3).contains(try steadySpeed(ride)))
        #expect(ride.allSatisfy { $0.steps == nil && $0.heartRate != nil })
    }

    @Test func aWalkIsSlowerThanARunWithAWalkersCadence() throws {
        let walk = SyntheticRun.make(minutes: 20, gait: .walk)
        let run = SyntheticRun.make(minutes: 20, gait: .run)
        // 1.2 + 0.3 m/s with a ±0.1 swing, against the run's 3.1 ± 0.25.
        #expect((1.35...1.65).contains(try steadySpeed(walk)))
        #expect((2.8...3.4).contains(try steadySpeed(run)))
        // 115 steps a minute once warm, counted over minutes 5 to 15.
        let steps = try #require(walk[900].steps) - (try #require(walk[300].steps))
        #expect((112...118).contains(Double(steps) / 10))
    }

    @Test func otherKindsRunAndTheRunIsUnchanged() {
        #expect(SyntheticRun.Gait.of(.other) == .run)
        #expect(SyntheticRun.Gait.of(nil) == .run)
        #expect(SyntheticRun.make(minutes: 2, gait: .run) == SyntheticRun.make(minutes: 2))
    }

    @Test func strengthSetsRaiseTheHeartRateAndGoNowhere() throws {
        let session = try #require(SyntheticIndoorSession.make(kind: .strength, minutes: 15))
        #expect(session.count == 900)
        #expect(session.allSatisfy { $0.latitude == nil && $0.steps == nil && $0.indoor == nil })
        // The first set runs from 5:00 to 5:45 and its rest to 7:00: the heart rate climbs in the set and falls in
        // the rest.
        let atSetStart = try #require(session[300].heartRate)
        let atSetEnd = try #require(session[344].heartRate)
        let atRestEnd = try #require(session[419].heartRate)
        #expect(atSetEnd >= atSetStart + 15, "\(atSetStart) → \(atSetEnd)")
        #expect(atRestEnd <= atSetEnd - 10, "\(atSetEnd) → \(atRestEnd)")
        #expect(session.compactMap(\.heartRate).allSatisfy { (80...165).contains($0) })
    }
}
