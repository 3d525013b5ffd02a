// The all-day heart-rate log: bytes on disk per 1 Hz sample over a day, against the seed app's schema (one row
// of timestamp and value per sample), and the time to plot a range of a year of samples in 1,000 points.
// Run in release: swift run -c release stayfit-hr-bench [days]   (default 365: 31.5 million samples)
import Foundation
import GRDB
import HubCore
import HubStore

let days = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 365
let start: Int64 = 1_767_225_600  // 2026-01-01 00:00 UTC

/// A plausible day: resting in the 50s–70s, two workouts, a little noise; one reading a second with an RR interval.
func day(_ index: Int) -> [HeartRateSecond] {
    let base = start + Int64(index) * 86_400
    return (0..<Int64(86_400)).map { second in
        let hour = Double(second) / 3600
        let workout = (7...8).contains(Int(hour)) || (18...19).contains(Int(hour)) ? 80.0 : 0
        let bpm = 58 + 12 * sin(hour / 24 * 2 * .pi) + workout + Double((second * 7919) % 7)
        return HeartRateSecond(
            second: base + second, beatsPerMinute: UInt8(bpm), rrIntervals1024: [UInt16(61_440 / bpm)])
    }
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-hr-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
func milliseconds(_ duration: Duration) -> String { Format.fixed(duration.seconds * 1000, decimals: 2) + " ms" }

// MARK: - Bytes per sample over one day

let dayDirectory = try temporaryDirectory()
defer { try? FileManager.default.removeItem(at: dayDirectory) }
let dayStore = try HubStore(directory: dayDirectory)
let empty = try await dayStore.storedBytes()
try await dayStore.logHeartRate(day(0))
let logged = try await dayStore.storedBytes() - empty

let baseline = try DatabaseQueue(path: dayDirectory.appendingPathComponent("seed.sqlite").path)
try baseline.write { db in
    // The seed app's table: one row per sample.
    try db.execute(
        sql: "CREATE TABLE heart_rate (id INTEGER PRIMARY KEY, timestamp INTEGER NOT NULL, value INTEGER NOT NULL)")
    let insert = try db.makeStatement(sql: "INSERT INTO heart_rate (timestamp, value) VALUES (?, ?)")
    for sample in day(0) { try insert.execute(arguments: [sample.second * 1000, Int(sample.beatsPerMinute)]) }
}
let baselineBytes = try baseline.read { db in
    (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) * (try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0)
}
print("one day, 86,400 samples (with one RR interval each):")
print(
    "  StayFit log: \(logged) bytes = \(Format.fixed(Double(logged) / 86_400, decimals: 2)) bytes/sample (blocks + RR + minute and hour roll-ups)"
)
print(
    "  seed schema: \(baselineBytes) bytes = \(Format.fixed(Double(baselineBytes) / 86_400, decimals: 2)) bytes/sample (timestamp and value, no RR, no roll-ups)"
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
