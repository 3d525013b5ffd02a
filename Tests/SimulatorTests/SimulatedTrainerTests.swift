import HubCore
import Testing

@testable import Simulator

@Suite struct SimulatedTrainerTests {
    /// The spin bike's seconds from `from` on, as the trainer gives them.
    private func play(
        _ trainer: SimulatedTrainer, _ track: [SimulatedSecond], from: Int, to: Int
    ) -> [IndoorReading] {
        (from..<to).compactMap { second in track[second].indoor.map { trainer.adjusted($0, offset: second) } }
    }

    @Test func aSpinBikesTrainerHoldsThePowerAskedForAndTheWheelFollowsIt() throws {
        let track = SyntheticIndoorSession.spinBike(minutes: 2)
        let trainer = SimulatedTrainer(track: track, kind: .indoorRide)
        #expect(trainer.machine == .bike)
        let before = play(trainer, track, from: 0, to: 10)
        #expect(before == track[0..<10].map(\.indoor), "as recorded until a target comes")
        trainer.take(.power(watts: 280))
        trainer.take(.speed(metersPerSecond: 3))  // not a trainer's: ignored
        let after = play(trainer, track, from: 10, to: 30)
        let settled = after.dropFirst(6).compactMap(\.powerWatts)
        #expect(settled.allSatisfy { abs($0 - 280) <= 4 }, "\(settled)")
        for reading in after {
            let speed = SyntheticIndoorSession.flatSpeed(watts: Double(reading.powerWatts ?? 0))
            #expect(abs(reading.speedMetersPerSecond - speed) < 1e-9)
        }
        // The machine's running distance goes on from where it was, at the new speed.
        let totals = [before.last?.totalDistanceMeters ?? 0] + after.map(\.totalDistanceMeters)
        for (previous, reading) in zip(totals, after) {
            #expect(abs(reading.totalDistanceMeters - previous - reading.speedMetersPerSecond) < 1e-6)
        }
    }

    @Test func theHeartRateFollowsThePowerTheTrainerHolds() throws {
        let track = SyntheticIndoorSession.spinBike(minutes: 10)
        let trainer = SimulatedTrainer(track: track, kind: .indoorRide)
        #expect(trainer.heartRate(recorded: 120) == 120, "as recorded until a target comes")
        trainer.take(.power(watts: 250))
        var rates: [Int] = []
        for second in 0..<240 {
            _ = track[second].indoor.map { trainer.adjusted($0, offset: second) }
            rates.append(try #require(trainer.heartRate(recorded: track[second].heartRate)))
        }
        // Flat out (250 W is an effort of 1) settles at 180, about 30 s a step of the way.
        #expect(rates.last.map { abs($0 - 180) <= 2 } == true, "\(rates.suffix(5))")
        // From the recording's 90 a minute it rises by about two-thirds of the way in the first 30 s.
        #expect(rates[0] <= 95 && (135...155).contains(rates[29]), "\(rates.prefix(30))")
    }

    @Test func aTreadmillsBeltMovesToItsSpeedAFewTenthsASecondAndTakesTheIncline() throws {
        let track = SyntheticIndoorSession.treadmill(minutes: 1)
        let trainer = SimulatedTrainer(track: track, kind: .treadmill)
        #expect(trainer.machine == .treadmill)
        let start = try #require(track[0].indoor?.speedMetersPerSecond)
        trainer.take(.speed(metersPerSecond: start + 1.2))
        trainer.take(.incline(percent: 6))
        trainer.take(.power(watts: 200))  // not a treadmill's: ignored
        let readings = play(trainer, track, from: 0, to: 5)
        #expect(
            readings.map { ($0.speedMetersPerSecond * 10).rounded() / 10 }
                == [start + 0.5, start + 1.0, start + 1.2, start + 1.2, start + 1.2].map { ($0 * 10).rounded() / 10 })
        #expect(readings.allSatisfy { $0.inclinePercent == 6 && $0.powerWatts == nil })
    }

    @Test func aRowerAndAnOutdoorRunTakeNoTarget() {
        let rower = SyntheticIndoorSession.rower(minutes: 1)
        #expect(SimulatedTrainer(track: rower, kind: .row).machine == .none)
        #expect(SimulatedTrainer(track: SyntheticRun.make(minutes: 1), kind: .run).machine == .none)
    }
}
