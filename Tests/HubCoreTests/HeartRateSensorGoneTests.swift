import Foundation
import HubCore
import HubTestKit
import Testing

/// A strap that says it is gone leaves gaps at once, not its last heart rate until it would go stale.
@Suite struct HeartRateSensorGoneTests {
    @Test(arguments: [SensorStatusChanged.Status.lost, .disconnected])
    func theSecondsAfterTheStrapIsGoneAreGapsNotItsLastReading(status: SensorStatusChanged.Status) async throws {
        let harness = try EngineHarness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for _ in 1...2 { _ = try await harness.second(heartRate: 120) }
            // The reading of the third second arrives, then the strap goes (as BlueZ says Connected=false).
            harness.clock.advance(by: .milliseconds(300))
            harness.bus.publish(HeartRateMeasured(beatsPerMinute: 121, source: "test", timestamp: harness.clock.now))
            harness.bus.publish(
                SensorStatusChanged(
                    sensor: .heartRate, status: status, device: "strap", detail: "the strap disconnected"))
            harness.clock.advance(by: .milliseconds(700))
            #expect(try await harness.progress.next().currentHeartRate == nil)
            // Within heart-rate-timeout-seconds (5) of the last reading: still no heart rate.
            for _ in 1...3 { #expect(try await harness.second().currentHeartRate == nil) }
            // A reading after it is a heart rate again.
            #expect(try await harness.second(heartRate: 118).currentHeartRate == 118)
            // Another sensor's loss is not the strap's.
            harness.bus.publish(SensorStatusChanged(sensor: .location, status: .lost, device: "gpsd"))
            #expect(try await harness.second().currentHeartRate == 118)

            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            #expect(samples.map(\.heartRate) == [120, 120, nil, nil, nil, nil, 118, 118])
        }
    }
}
