// The all-day heart-rate log: bytes on disk per second of a realistic day (beat-to-beat intervals at bpm/60 a
// second, hours above 150 bpm, the strap off now and then), written in 10-second batches as the hub's logger
// writes them, against the seed app's schema (one row of timestamp and value per sample, no RR); then the time to
// plot a range of a year of samples in 1,000 points.
// Run in release: swift run -c release stayfit-hr-bench [days]   (default 365: 31.5 million samples)
import Foundation
import GRDB
import HubCore
import HubStore

let days = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 365
let start: Int64 = 1_767_225_600  // 2026-01-01 00:00 UTC

/// A small deterministic generator, so every run stores the same day.
struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

/// The heart rate a person has at `hour` of a day: asleep in the 50s, up in the 60s–90s, two hours of hard
/// running and cycling above 150 bpm in the morning and an hour at 130–160 in the evening.
func heartRate(at hour: Double) -> Double {
    switch hour {
    case ..<6: 54 + 3 * sin(hour * 2)
    case 6..<7: 62 + 8 * (hour - 6)
    case 7..<9: 158 + 12 * sin((hour - 7) * 3)  // two hours above 150
    case 9..<17: 72 + 10 * sin(hour * 1.3)
    case 18..<19: 145 + 15 * sin((hour - 18) * 6)
    default: 66 + 6 * sin(hour)
    }
}

/// One day of the log: a reading a second with the beats that ended in that second (bpm/60 of them), their
/// intervals varying beat to beat as a heart's do (±40 ms at rest, ±5 ms hard at work); no readings while the strap
/// is off (12:00–12:30, and a few seconds now and then).
func day(_ index: Int, from: Double = 0, to: Double = 24) -> [HeartRateSecond] {
    var generator = Generator(state: UInt64(index + 1))
    let base = start + Int64(index) * 86_400
    var seconds: [HeartRateSecond] = []
    seconds.reserveCapacity(Int((to - from) * 3600))
    var nextBeat = from * 3600
    var variation = 0.0
    var dropout = 0
    for second in Int(from * 3600)..<Int(to * 3600) {
        let hour = Double(second) / 3600
        let bpm = heartRate(at: hour)
        var intervals: [UInt16] = []
        while nextBeat < Double(second + 1) {
            let spread = bpm > 120 ? 5.0 : 40.0
            variation = 0.7 * variation + 0.3 * Double.random(in: -spread...spread, using: &generator) * 2
            let milliseconds = 60_000 / bpm + variation
            intervals.append(UInt16(milliseconds * 1.024))
            nextBeat += milliseconds / 1000
        }
        if dropout > 0 {
            dropout -= 1
            continue
        }
        if Int.random(in: 0..<1200, using: &generator) == 0 { dropout = Int.random(in: 3...30, using: &generator) }
        if (12..<12.5).contains(hour) { continue }
        seconds.append(
            HeartRateSecond(second: base + Int64(second), beatsPerMinute: UInt8(bpm), rrIntervals1024: intervals))
    }
    return seconds
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-hr-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
func milliseconds(_ duration: Duration) -> String { Format.fixed(duration.seconds * 1000, decimals: 2) + " ms" }

// MARK: - Bytes per second of a day

/// Logs `seconds` in 10-second batches, as the hub's logger does, into a new store; returns the bytes it added.
func storedBytes(of seconds: [HeartRateSecond]) async throws -> Int {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try HubStore(directory: directory)
    let empty = try await store.storedBytes()
    var batch: [HeartRateSecond] = []
    for second in seconds {
        if let first = batch.first, second.second - first.second >= 10 {
            try await store.logHeartRate(batch)
            batch.removeAll(keepingCapacity: true)
        }
        batch.append(second)
    }
    try await store.logHeartRate(batch)
    return try await store.storedBytes() - empty
}

func report(_ label: String, _ seconds: [HeartRateSecond]) async throws {
    let bytes = try await storedBytes(of: seconds)
    let span = Double((seconds.last?.second ?? 0) - (seconds.first?.second ?? 0) + 1)
    let beats = seconds.reduce(0) { $0 + $1.rrIntervals1024.count }
    print(
        "  \(label): \(seconds.count) readings, \(beats) RR intervals (\(Format.fixed(Double(beats) / Double(seconds.count), decimals: 2)) a reading): \(bytes) bytes = \(Format.fixed(Double(bytes) / span, decimals: 2)) bytes/s"
    )
}

let oneDay = day(0)
print("the all-day log, written in 10-second batches (blocks + RR intervals + minute and hour roll-ups, as pages):")
try await report("a day (24 h, asleep, at work, 3 h of exercise, strap off 30 min)", oneDay)
try await report("its two hours above 150 bpm alone", day(0, from: 7, to: 9))
try await report("eight hours asleep alone", day(0, from: 0, to: 8))

let seedDirectory = try temporaryDirectory()
defer { try? FileManager.default.removeItem(at: seedDirectory) }
let baseline = try DatabaseQueue(path: seedDirectory.appendingPathComponent("seed.sqlite").path)
try baseline.write { db in
    // The seed app's table: one row per sample.
    try db.execute(
        sql: "CREATE TABLE heart_rate (id INTEGER PRIMARY KEY, timestamp INTEGER NOT NULL, value INTEGER NOT NULL)")
    let insert = try db.makeStatement(sql: "INSERT INTO heart_rate (timestamp, value) VALUES (?, ?)")
    for sample in oneDay { try insert.execute(arguments: [sample.second * 1000, Int(sample.beatsPerMinute)]) }
}
let baselineBytes = try baseline.read { db in
    (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) * (try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
}
print(
    "  the seed app's schema, the same day: \(baselineBytes) bytes = \(Format.fixed(Double(baselineBytes) / 86_400, decimals: 2)) bytes/s (timestamp and value, no RR, no roll-ups)"
)

// MARK: - Plotting a year

let yearDirectory = try temporaryDirectory()
defer { try? FileManager.default.removeItem(at: yearDirectory) }
let yearStore = try HubStore(directory: yearDirectory)
let loading = ContinuousClock.now
for index in 0..<days { try await yearStore.logHeartRate(day(index)) }
let loaded = ContinuousClock.now - loading
let total = try await yearStore.storedBytes()
print(
    "\(days) days = \(days * 86_400) samples logged in \(Format.fixed(loaded.seconds, decimals: 1)) s; database \(total / 1_048_576) MiB"
)

func measure(_ label: String, from: Int64, to: Int64) async throws {
    var times: [Duration] = []
    var points = 0
    for _ in 0..<15 {
        let began = ContinuousClock.now
        points = try await yearStore.heartRate(
            from: Date(timeIntervalSince1970: TimeInterval(from)), to: Date(timeIntervalSince1970: TimeInterval(to)),
            maxPoints: 1000
        ).count
        times.append(ContinuousClock.now - began)
    }
    print(
        "  \(label): median \(milliseconds(median(times))), worst \(milliseconds(times.max() ?? .zero)), \(points) points"
    )
}

let end = start + Int64(days) * 86_400
print("heart rate from A to B in at most 1,000 points (min/avg/max each), 15 runs:")
try await measure("the whole range", from: start, to: end)
try await measure("one month", from: start + 86_400 * 31, to: start + 86_400 * 61)
try await measure("one day", from: start + 86_400 * 100, to: start + 86_400 * 101)
try await measure("one hour", from: start + 86_400 * 100 + 7 * 3600, to: start + 86_400 * 100 + 8 * 3600)
