import Foundation
import HubStore
import HubTestKit
import Testing

@Suite struct HeartRateLogTests {
    /// Midnight UTC, 2026-11-01.
    static let day: Int64 = 1_793_491_200

    /// A deterministic day-like pattern: 60–180 bpm.
    static func bpm(at second: Int64) -> UInt8 { UInt8(60 + (second * 7919) % 121) }

    @Test func aPlotOfADayMatchesTheRawSecondsStretchByStretch() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let seconds = (0..<Int64(86_400)).map {
            HeartRateSecond(second: Self.day + $0, beatsPerMinute: Self.bpm(at: $0))
        }
        try await store.logHeartRate(seconds)

        let points = try await store.heartRate(
            from: Date(timeIntervalSince1970: TimeInterval(Self.day)),
            to: Date(timeIntervalSince1970: TimeInterval(Self.day + 86_400)), maxPoints: 1000)
        #expect(points.count <= 1000)
        #expect(points.reduce(0) { $0 + $1.count } == 86_400)
        let first = try #require(points.first)
        // 87 s stretches are rounded up to whole minutes (120 s), read from the per-minute roll-ups.
        #expect(first.seconds == 120)
        let raw = (0..<Int64(first.seconds)).map { Int(Self.bpm(at: $0)) }
        #expect(first.minimum == raw.min())
        #expect(first.maximum == raw.max())
        #expect(abs(first.average - Double(raw.reduce(0, +)) / Double(raw.count)) < 1e-9)
    }

    @Test func shortRangesComeFromRawSecondsAndLongOnesFromHourlyRollups() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        try await store.logHeartRate(
            (0..<Int64(7200)).map { HeartRateSecond(second: Self.day + $0, beatsPerMinute: Self.bpm(at: $0)) })
        let start = Date(timeIntervalSince1970: TimeInterval(Self.day + 10))

        let minute = try await store.heartRate(from: start, to: start.addingTimeInterval(60), maxPoints: 1000)
        #expect(minute.count == 60)
        #expect(minute.map(\.maximum) == (10..<70).map { Int(Self.bpm(at: Int64($0))) })

        let year = try await store.heartRate(
            from: start.addingTimeInterval(-180 * 86_400), to: start.addingTimeInterval(185 * 86_400))
        #expect(year.count == 1, "two hours of data fall into one stretch of a year-long plot")
        #expect(year.first?.count == 7200)
        #expect(year.first?.maximum == 180)
    }

    @Test func loggingTheSameSecondTwiceKeepsTheFirstAndCountsItOnce() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        try await store.logHeartRate([HeartRateSecond(second: Self.day, beatsPerMinute: 100, rrIntervals1024: [600])])
        try await store.logHeartRate([HeartRateSecond(second: Self.day, beatsPerMinute: 150, rrIntervals1024: [400])])
        let points = try await store.heartRate(
            from: Date(timeIntervalSince1970: TimeInterval(Self.day)),
            to: Date(timeIntervalSince1970: TimeInterval(Self.day + 3600)),
            maxPoints: 1)
        #expect(
            points == [
                HeartRatePoint(
                    start: Date(timeIntervalSince1970: TimeInterval(Self.day)), seconds: 3600, minimum: 100,
                    average: 100, maximum: 100, count: 1)
            ])
        #expect(
            try await store.heartRateIntervals(
                from: Date(timeIntervalSince1970: TimeInterval(Self.day)),
                to: Date(timeIntervalSince1970: TimeInterval(Self.day + 1))) == [600])
    }

    @Test func rrIntervalsComeBackOldestFirstAcrossBlocks() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        // Written out of order, across a block boundary (600 s is one, whether blocks are of 300 s or 600 s).
        try await store.logHeartRate([
            HeartRateSecond(second: Self.day + 601, beatsPerMinute: 80, rrIntervals1024: [770, 760]),
            HeartRateSecond(second: Self.day + 599, beatsPerMinute: 80, rrIntervals1024: [750]),
        ])
        try await store.logHeartRate([
            HeartRateSecond(second: Self.day + 598, beatsPerMinute: 80, rrIntervals1024: [740])
        ])
        let intervals = try await store.heartRateIntervals(
            from: Date(timeIntervalSince1970: TimeInterval(Self.day)),
            to: Date(timeIntervalSince1970: TimeInterval(Self.day + 1200)))
        #expect(intervals == [740, 750, 770, 760])
    }

    @Test func retentionDeletesWholeOldBlocksAndRollups() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        try await store.logHeartRate(
            (0..<Int64(7200)).map { HeartRateSecond(second: Self.day + $0, beatsPerMinute: 90) })
        try await store.deleteHeartRate(before: Date(timeIntervalSince1970: TimeInterval(Self.day + 3600)))
        let points = try await store.heartRate(
            from: Date(timeIntervalSince1970: TimeInterval(Self.day)),
            to: Date(timeIntervalSince1970: TimeInterval(Self.day + 7200)), maxPoints: 2)
        #expect(points.count == 1)
        #expect(points.first?.count == 3600)
        #expect(try await store.rowCounts()["heart_rate_blocks"] == 3600 / Int(HubStore.heartRateBlockSeconds))
    }

    @Test func resetDeletesTheHeartRateLogToo() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        try await store.logHeartRate([HeartRateSecond(second: Self.day, beatsPerMinute: 90)])
        try await store.deleteAllUserData()
        #expect(try await store.rowCounts().allSatisfy { $0.value == 0 })
    }
}
