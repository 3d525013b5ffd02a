import Foundation
import GRDB
import Records

/// The all-day heart-rate log: blocks of five minutes (`HeartRateBlock`: a byte a second and every RR interval,
/// delta-coded), plus per-minute and per-hour roll-ups so that a plot of any range reads at most a few thousand rows.
extension HubStore {
    /// Seconds in one stored block.
    public static let heartRateBlockSeconds = Int64(HeartRateBlock.seconds)

    /// Adds seconds to the current person's log in one transaction; a second already logged keeps its first value.
    public func logHeartRate(_ seconds: [HeartRateSecond]) async throws {
        guard !seconds.isEmpty else { return }
        try await write { db in
            let blockSeconds = Self.heartRateBlockSeconds
            let owner = try self.heartRateOwner(db)
            let person = try self.personID(db)
            let select = try db.cachedStatement(
                sql: "SELECT bpm, rr FROM heart_rate_blocks WHERE ifnull(person_id, 0) = ? AND start = ?")
            let save = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO heart_rate_blocks (person_id, start, bpm, rr) VALUES (?, ?, ?, ?)")
            var minutes: [Int64: Rollup] = [:], hours: [Int64: Rollup] = [:]
            let blocks = Dictionary(grouping: seconds.filter { $0.beatsPerMinute > 0 }) {
                floorDivide($0.second, blockSeconds)
            }
            for (block, items) in blocks {
                let start = block * blockSeconds
                var stored = HeartRateBlock()
                if let row = try Row.fetchOne(select, arguments: [owner, start]) {
                    stored = HeartRateBlock(bpm: row["bpm"], rr: row["rr"])
                }
                var changed = false
                for item in items {
                    let offset = Int(item.second - start)
                    guard stored.beatsPerMinute[offset] == 0 else { continue }
                    stored.beatsPerMinute[offset] = item.beatsPerMinute
                    stored.intervals[offset] = item.rrIntervals1024
                    minutes[floorDivide(item.second, 60), default: Rollup()].add(item.beatsPerMinute)
                    hours[floorDivide(item.second, 3600), default: Rollup()].add(item.beatsPerMinute)
                    changed = true
                }
                if changed {
                    try save.execute(arguments: [person, start, Data(stored.beatsPerMinute), stored.encodedIntervals()])
                }
            }
            try Self.merge(minutes, into: "heart_rate_minutes", key: "minute", person: person, db: db)
            try Self.merge(hours, into: "heart_rate_hours", key: "hour", person: person, db: db)
        }
    }

    /// The current person's heart rate from `start` to `end` in at most `maxPoints` stretches of equal length, each with its
    /// minimum, average and maximum; stretches without readings are left out.
    ///
    /// Reads raw seconds for short ranges, per-minute roll-ups from a stretch of a minute up, and per-hour
    /// roll-ups from an hour up, so a year costs about 9,000 rows.
    public func heartRate(from start: Date, to end: Date, maxPoints: Int = 1000) async throws -> [HeartRatePoint] {
        let first = Int64(start.timeIntervalSince1970.rounded(.down))
        let last = Int64(end.timeIntervalSince1970.rounded(.up))
        guard last > first, maxPoints > 0 else { return [] }
        let unit: Int64 = {
            let needed = (last - first + Int64(maxPoints) - 1) / Int64(maxPoints)
            return needed >= 3600 ? 3600 : needed >= 60 ? 60 : 1
        }()
        let origin = floorDivide(first, unit) * unit
        var widened = max(unit, ((last - first + Int64(maxPoints) - 1) / Int64(maxPoints) + unit - 1) / unit * unit)
        while (last - origin + widened - 1) / widened > Int64(maxPoints) { widened += unit }
        let stretch = widened
        // One bucket per stretch, in an array: a month is 43,200 minute rows, and hashing each into a dictionary
        // cost a third of the plot.
        let bucketCount = Int((last - origin + stretch - 1) / stretch)
        let buckets: [Rollup] = try await read { db in
            var buckets = [Rollup](repeating: Rollup(), count: bucketCount)
            switch unit {
            case 1:
                let blockSeconds = Self.heartRateBlockSeconds
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT start, bpm FROM heart_rate_blocks
                        WHERE ifnull(person_id, 0) = ? AND start > ? AND start < ? ORDER BY start
                        """,
                    arguments: [try self.heartRateOwner(db), first - blockSeconds, last])
                while let row = try rows.next() {
                    let blockStart: Int64 = row["start"]
                    let bpm = [UInt8](row["bpm"] as Data)
                    for (offset, value) in bpm.enumerated() where value > 0 {
                        let second = blockStart + Int64(offset)
                        guard second >= first, second < last else { continue }
                        buckets[Int((second - origin) / stretch)].add(value)
                    }
                }
            default:
                let (table, key) = unit == 60 ? ("heart_rate_minutes", "minute") : ("heart_rate_hours", "hour")
                let rows = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT \(key), minimum, maximum, total, count FROM \(table)
                        WHERE ifnull(person_id, 0) = ? AND \(key) >= ? AND \(key) < ?
                        """,
                    arguments: [try self.heartRateOwner(db), origin / unit, (last + unit - 1) / unit])
                while let row = try rows.next() {
                    let at: Int64 = row[0]
                    let index = Int((at * unit - origin) / stretch)
                    guard index < bucketCount else { continue }  // never: the query stops before `last`
                    buckets[index].merge(Rollup(minimum: row[1], maximum: row[2], total: row[3], count: row[4]))
                }
            }
            return buckets
        }
        return buckets.indices.compactMap { index in
            let rollup = buckets[index]
            guard rollup.count > 0 else { return nil }
            let index = Int64(index)
            return HeartRatePoint(
                start: Date(timeIntervalSince1970: TimeInterval(origin + index * stretch)), seconds: Int(stretch),
                minimum: rollup.minimum, average: Double(rollup.total) / Double(rollup.count), maximum: rollup.maximum,
                count: rollup.count)
        }
    }

    /// Every RR interval in the current person's log from `start` to `end`, oldest first, in 1/1024 s.
    public func heartRateIntervals(from start: Date, to end: Date) async throws -> [UInt16] {
        let first = Int64(start.timeIntervalSince1970.rounded(.down))
        let last = Int64(end.timeIntervalSince1970.rounded(.up))
        return try await read { db in
            var intervals: [UInt16] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT start, bpm, rr FROM heart_rate_blocks
                    WHERE ifnull(person_id, 0) = ? AND start > ? AND start < ? ORDER BY start
                    """,
                arguments: [try self.heartRateOwner(db), first - Self.heartRateBlockSeconds, last])
            while let row = try rows.next() {
                let blockStart: Int64 = row["start"]
                let block = HeartRateBlock(bpm: row["bpm"], rr: row["rr"])
                for (offset, values) in block.intervals.enumerated() where !values.isEmpty {
                    let second = blockStart + Int64(offset)
                    if second >= first, second < last { intervals += values }
                }
            }
            return intervals
        }
    }

    /// Deletes everyone's log before `date` (the retention setting); whole blocks, minutes and hours only.
    public func deleteHeartRate(before date: Date) async throws {
        let cutoff = Int64(date.timeIntervalSince1970.rounded(.down))
        try await write { db in
            try db.execute(
                sql: "DELETE FROM heart_rate_blocks WHERE start + ? <= ?",
                arguments: [Self.heartRateBlockSeconds, cutoff])
            try db.execute(sql: "DELETE FROM heart_rate_minutes WHERE (minute + 1) * 60 <= ?", arguments: [cutoff])
            try db.execute(sql: "DELETE FROM heart_rate_hours WHERE (hour + 1) * 3600 <= ?", arguments: [cutoff])
        }
    }

    private static func merge(
        _ rollups: [Int64: Rollup], into table: String, key: String, person: Int64?, db: Database
    ) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO \(table) (person_id, \(key), minimum, maximum, total, count) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (ifnull(person_id, 0), \(key)) DO UPDATE SET minimum = min(minimum, excluded.minimum),
                    maximum = max(maximum, excluded.maximum), total = total + excluded.total, count = count + excluded.count
                """)
        for (at, rollup) in rollups {
            try statement.execute(arguments: [person, at, rollup.minimum, rollup.maximum, rollup.total, rollup.count])
        }
    }
}

/// Minimum, maximum, total and count of some heart-rate readings.
struct Rollup {
    var minimum = Int.max
    var maximum = Int.min
    var total = 0
    var count = 0

    init() {}

    init(minimum: Int, maximum: Int, total: Int, count: Int) {
        (self.minimum, self.maximum, self.total, self.count) = (minimum, maximum, total, count)
    }

    mutating func add(_ value: UInt8) {
        let value = Int(value)
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        total += value
        count += 1
    }

    mutating func merge(_ other: Rollup) {
        minimum = min(minimum, other.minimum)
        maximum = max(maximum, other.maximum)
        total += other.total
        count += other.count
    }
}

/// Division rounding towards minus infinity, so times before 1970 land in the right block.
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
}
