import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// "v11: compact heart-rate log": a log written in v2's ten-minute blocks keeps every reading and interval.
@Suite struct CompactHeartRateLogMigrationTests {
    /// Midnight UTC, 2026-11-01: a multiple of 600.
    static let day: Int64 = 1_793_491_200

    @Test func aVersion7LogKeepsEveryHeartRateAndIntervalInOrder() async throws {
        // Block 1: seconds 0 and 599 (either half of it), RR pairs stored out of order as the v2 code appended
        // them; block 2: second 600 only.
        func pair(_ offset: Int, _ interval: Int) -> String {
            String(format: "%02X%02X%02X%02X", offset & 0xff, offset >> 8, interval & 0xff, interval >> 8)
        }
        var bpm1 = [UInt8](repeating: 0, count: 600)
        bpm1[0] = 61
        bpm1[599] = 150
        var bpm2 = [UInt8](repeating: 0, count: 600)
        bpm2[0] = 90
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02X", $0) }.joined() }
        let sql = """
            INSERT INTO heart_rate_blocks (start, bpm, rr) VALUES
              (\(Self.day), x'\(hex(bpm1))', x'\(pair(599, 410) + pair(0, 1000) + pair(599, 400))'),
              (\(Self.day + 600), x'\(hex(bpm2))', x'\(pair(0, 680))');
            INSERT INTO heart_rate_minutes VALUES (\(Self.day / 60), 61, 61, 61, 1);
            """
        let directory = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: directory.url.appendingPathComponent(HubStore.fileName).path, upTo: "v7: goal auto-stop switch",
            then: sql)

        let store = try HubStore(directory: directory.url)
        let start = Date(timeIntervalSince1970: TimeInterval(Self.day))
        #expect(
            try await store.heartRateIntervals(from: start, to: start.addingTimeInterval(1200)) == [
                1000, 410, 400, 680,
            ])
        let seconds = try await store.heartRate(from: start, to: start.addingTimeInterval(601), maxPoints: 601)
        #expect(seconds.map(\.maximum) == [61, 150, 90])
        #expect(seconds.map { Int($0.start.timeIntervalSince(start)) } == [0, 599, 600])
        // Three five-minute blocks hold data (0–299, 300–599, 600–899); the empty ones are not kept.
        #expect(try await store.rowCounts()["heart_rate_blocks"] == 3)

        // And it goes on logging in the new form next to what was migrated.
        try await store.logHeartRate([HeartRateSecond(second: Self.day + 1, beatsPerMinute: 62, rrIntervals1024: [990])]
        )
        #expect(try await store.heartRateIntervals(from: start, to: start.addingTimeInterval(2)) == [1000, 990])
    }
}
