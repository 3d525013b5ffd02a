import Foundation
import HubStore
import Testing

@testable import HubCore

/// Elevation gain and loss with hysteresis, in `WorkoutMetrics`.
@Suite struct ElevationTests {
    static func metrics(_ altitudes: [Double?]) -> WorkoutMetrics {
        var metrics = WorkoutMetrics()
        for altitude in altitudes {
            metrics.recordSecond(
                heartRate: nil, speedMetersPerSecond: 3, distanceMeters: 3, kilocalories: 0, steps: nil,
                altitudeMeters: altitude)
        }
        return metrics
    }

    @Test func wobbleSmallerThanTheHysteresisAddsNothing() {
        let altitudes: [Double?] = (0..<600).map { second -> Double? in 500 + 4 * sin(Double(second) / 3) }
        let metrics = Self.metrics(altitudes)
        #expect(metrics.elevationGainMeters == 0 && metrics.elevationLossMeters == 0)
    }

    @Test func aSteadyClimbAndDescentCountWithinOneStep() throws {
        let up = (0...100).map { 500 + Double($0) * 0.5 }  // 50 m up
        let down = (0...60).map { 550 - Double($0) * 0.5 }  // 30 m down
        let metrics = Self.metrics(up + down)
        let gain = try #require(metrics.elevationGainMeters)
        let loss = try #require(metrics.elevationLossMeters)
        #expect(gain > 45 && gain <= 50, "\(gain)")
        #expect(loss > 25 && loss <= 30, "\(loss)")
    }

    @Test func noAltitudeMeansNoElevationNotZero() {
        let metrics = Self.metrics([nil, nil, nil])
        #expect(metrics.elevationGainMeters == nil && metrics.totals.elevationGainMeters == nil)
    }

    @Test func secondsWithoutAltitudeAreSkippedAndTheTotalsAreRebuiltFromStoredSamples() throws {
        let altitudes: [Double?] = [500, nil, 507, nil, 515, 514, 503]
        let metrics = Self.metrics(altitudes)
        #expect(metrics.elevationGainMeters == 15)
        #expect(metrics.elevationLossMeters == 12)
        let samples = altitudes.enumerated().map { index, altitude in
            WorkoutSample(
                second: index + 1, recordedAt: .init(timeIntervalSince1970: 0), heartRate: nil, latitude: nil,
                longitude: nil, speedMetersPerSecond: 3, distanceMeters: Double(index + 1) * 3, kilocalories: 0,
                steps: nil, altitudeMeters: altitude)
        }
        #expect(WorkoutMetrics(restoring: samples).totals == metrics.totals)
    }
}
