import Foundation

/// Five minutes of the all-day heart-rate log as one row of `heart_rate_blocks`: a heart rate a second and every
/// beat-to-beat interval, exactly, in about 4.5 bytes a second at 150 bpm (2.5 beats a second).
///
/// `bpm` is one byte a second (0: no reading). `rr` is a version byte (1), then a 3-bit beat count per second,
/// packed little-endian (0 to 6, or 7 for "7 or more": the count less 7 follows as a varint before that second's
/// intervals; 6 beats a second is 360 bpm), then the intervals in order: the first as an unsigned LEB128 varint, each later one as the zigzag varint of its change
/// from the one before. Successive beats differ by tens of milliseconds (units of 1/1024 s), so most take one byte.
///
/// Five minutes, not ten: at high heart rates a ten-minute row outgrew half a 4 KiB page, and SQLite then kept one
/// row a page (6.8 bytes a second however well the row was packed). Three five-minute rows fit a page at 180 bpm.
struct HeartRateBlock: Equatable {
    static let seconds = 300
    private static let version: UInt8 = 1

    /// Heart rate of each second of the block; 0 where there was no reading.
    var beatsPerMinute: [UInt8]
    /// Beat-to-beat intervals of each second, in 1/1024 s, oldest first.
    var intervals: [[UInt16]]

    init() {
        beatsPerMinute = Array(repeating: 0, count: Self.seconds)
        intervals = Array(repeating: [], count: Self.seconds)
    }

    /// Decodes a stored row. A blob that is not what this code writes (damaged, or cut short) yields what can be
    /// read of it, never a crash: the log is a record of the past, and the rest of the block stays usable.
    init(bpm: Data, rr: Data) {
        self.init()
        if bpm.count == Self.seconds { beatsPerMinute = [UInt8](bpm) }
        let bytes = [UInt8](rr)
        guard bytes.first == Self.version else { return }
        guard bytes.count >= 1 + Self.countBytes else { return }
        var reader = VarintReader(bytes: bytes, position: 1 + Self.countBytes)
        var previous: Int?
        for offset in 0..<Self.seconds {
            let code = Self.code(at: offset, in: bytes)
            guard code > 0 else { continue }
            var count = code
            if code == Self.escape {
                guard let extra = reader.next() else { return }
                count += Int(min(extra, 1_000))
            }
            var values: [UInt16] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                guard let raw = reader.next() else {
                    intervals[offset] = values
                    return
                }
                // Clamped before adding: a damaged varint can say anything, and Int arithmetic traps on overflow.
                let value =
                    previous.map { $0 + max(-65_535, min(65_535, Self.unzigzag(raw))) } ?? Int(min(raw, 65_535))
                let clamped = UInt16(clamping: value)
                values.append(clamped)
                previous = Int(clamped)
            }
            intervals[offset] = values
        }
    }

    /// The `rr` column for this block.
    func encodedIntervals() -> Data {
        var bytes = [UInt8](repeating: 0, count: 1 + Self.countBytes)
        bytes[0] = Self.version
        bytes.reserveCapacity(1 + Self.countBytes + intervals.reduce(0) { $0 + $1.count })
        var previous: Int?
        for (offset, values) in intervals.enumerated() where !values.isEmpty {
            let code = min(values.count, Self.escape)
            let bit = offset * 3
            bytes[1 + bit / 8] |= UInt8(truncatingIfNeeded: code << (bit % 8))
            if bit % 8 > 5 { bytes[2 + bit / 8] |= UInt8(truncatingIfNeeded: code >> (8 - bit % 8)) }
            if code == Self.escape { Self.appendVarint(UInt64(values.count - Self.escape), to: &bytes) }
            for value in values {
                if let previous {
                    Self.appendVarint(Self.zigzag(Int(value) - previous), to: &bytes)
                } else {
                    Self.appendVarint(UInt64(value), to: &bytes)
                }
                previous = Int(value)
            }
        }
        return Data(bytes)
    }

    /// Bytes of 3-bit beat counts after the version byte.
    private static let countBytes = (seconds * 3 + 7) / 8
    /// The count code that says "this many or more; the rest follows as a varint".
    private static let escape = 7

    /// The 3-bit count code of second `offset` (the caller checked that the count bytes are there).
    private static func code(at offset: Int, in bytes: [UInt8]) -> Int {
        let bit = offset * 3
        let low = Int(bytes[1 + bit / 8])
        let high = 2 + bit / 8 < 1 + countBytes ? Int(bytes[2 + bit / 8]) : 0
        return ((low | high << 8) >> (bit % 8)) & 7
    }

    private static func zigzag(_ value: Int) -> UInt64 { UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))) }

    private static func unzigzag(_ value: UInt64) -> Int { Int(truncatingIfNeeded: (value >> 1) ^ (0 &- (value & 1))) }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}

/// Reads unsigned LEB128 varints; nil at the end of the bytes or for one longer than 64 bits.
private struct VarintReader {
    let bytes: [UInt8]
    var position: Int

    mutating func next() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}
