import Foundation
import GRDB

/// Rewrites the all-day log from v2's ten-minute blocks with 4-byte RR pairs into five-minute `HeartRateBlock`s,
/// keeping every heart rate and every interval exactly (their order within a second included).
enum CompactHeartRateLogMigration {
    static let name = "v11: compact heart-rate log"

    static func run(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE heart_rate_blocks_compact (
                    start INTEGER PRIMARY KEY,     -- Unix seconds, a multiple of 300
                    bpm BLOB NOT NULL,             -- 300 bytes, one a second (0 = no reading)
                    rr BLOB NOT NULL               -- HeartRateBlock's encoding: beat counts, delta-coded intervals
                )
                """)
        let insert = try db.makeStatement(
            sql: "INSERT INTO heart_rate_blocks_compact (start, bpm, rr) VALUES (?, ?, ?)")
        let rows = try Row.fetchCursor(db, sql: "SELECT start, bpm, rr FROM heart_rate_blocks ORDER BY start")
        let oldSeconds = 600
        let newSeconds = HeartRateBlock.seconds
        while let row = try rows.next() {
            let start: Int64 = row["start"]
            let bpm = [UInt8](row["bpm"] as Data)
            let pairs = [UInt8](row["rr"] as Data)
            var intervals = [[UInt16]](repeating: [], count: oldSeconds)
            for index in stride(from: 0, to: pairs.count - 3, by: 4) {
                let offset = Int(pairs[index]) | Int(pairs[index + 1]) << 8
                guard offset < oldSeconds else { continue }
                intervals[offset].append(UInt16(pairs[index + 2]) | UInt16(pairs[index + 3]) << 8)
            }
            for part in 0..<(oldSeconds / newSeconds) {
                let range = part * newSeconds..<(part + 1) * newSeconds
                var block = HeartRateBlock()
                for offset in range where offset < bpm.count {
                    block.beatsPerMinute[offset - range.lowerBound] = bpm[offset]
                    block.intervals[offset - range.lowerBound] = intervals[offset]
                }
                guard block.beatsPerMinute.contains(where: { $0 > 0 }) else { continue }
                try insert.execute(arguments: [
                    start + Int64(range.lowerBound), Data(block.beatsPerMinute), block.encodedIntervals(),
                ])
            }
        }
        try db.execute(sql: "DROP TABLE heart_rate_blocks")
        try db.execute(sql: "ALTER TABLE heart_rate_blocks_compact RENAME TO heart_rate_blocks")
    }
}
