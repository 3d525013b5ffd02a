/// One Heart Rate Measurement notification (GATT characteristic 0x2A37), decoded.
///
/// Layout (all little-endian): a flags byte, then the heart rate (uint8, or uint16 when flag bit 0 is set),
/// then Energy Expended (uint16 kJ) when bit 3 is set, then RR intervals (uint16, 1/1024 s) filling the rest
/// when bit 4 is set. Bits 1–2 report skin contact: 0 or 1 not supported, 2 no contact, 3 contact.
public struct HeartRateMeasurement: Sendable, Equatable {
    /// Skin contact as the sensor reports it.
    public enum Contact: Sendable, Equatable {
        case notSupported, noContact, contact
    }

    public var beatsPerMinute: Int
    public var contact: Contact
    /// Energy expended since the last reset, kilojoules (saturates at 65 535).
    public var energyExpendedKilojoules: Int?
    /// Beat-to-beat intervals, oldest first, in the raw unit of 1/1024 s.
    public var rrIntervals1024: [UInt16]

    public init(beatsPerMinute: Int, contact: Contact, energyExpendedKilojoules: Int? = nil, rrIntervals1024: [UInt16] = []) {
        self.beatsPerMinute = beatsPerMinute
        self.contact = contact
        self.energyExpendedKilojoules = energyExpendedKilojoules
        self.rrIntervals1024 = rrIntervals1024
    }

    /// The RR intervals in milliseconds (raw × 1000 / 1024).
    public var rrIntervalsMilliseconds: [Double] { rrIntervals1024.map { Double($0) * 1000 / 1024 } }

    /// Decodes a notification payload; throws for anything malformed instead of guessing a value.
    public init(decoding bytes: some Collection<UInt8>) throws(HeartRateMeasurementError) {
        var reader = ByteReader(Array(bytes))
        guard let flags = reader.uint8() else { throw .empty }
        // Bits 5–7 are reserved: a receiver ignores them (Bluetooth Core, "Reserved for Future Use").
        let sixteenBit = flags & 0b0000_0001 != 0
        guard let rate = sixteenBit ? reader.uint16().map(Int.init) : reader.uint8().map(Int.init) else {
            throw .truncated(field: "heart rate")
        }
        switch (flags >> 1) & 0b11 {
        case 2: contact = .noContact
        case 3: contact = .contact
        default: contact = .notSupported
        }
        beatsPerMinute = rate
        if flags & 0b0000_1000 != 0 {
            guard let energy = reader.uint16() else { throw .truncated(field: "energy expended") }
            energyExpendedKilojoules = Int(energy)
        }
        rrIntervals1024 = []
        if flags & 0b0001_0000 != 0 {
            guard reader.remaining > 0 else { throw .truncated(field: "RR interval") }
            guard reader.remaining % 2 == 0 else { throw .oddRRBytes(reader.remaining) }
            while let interval = reader.uint16() {
                guard interval > 0 else { throw .zeroRRInterval }
                rrIntervals1024.append(interval)
            }
        } else if reader.remaining > 0 {
            throw .trailingBytes(reader.remaining)
        }
        // A heart rate of 0 only makes sense when the sensor says it has no contact.
        guard rate > 0 || contact == .noContact else { throw .zeroHeartRate }
        guard rate <= 300 else { throw .implausibleHeartRate(rate) }
    }
}

/// Why a Heart Rate Measurement payload was dropped.
public enum HeartRateMeasurementError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case truncated(field: String)
    case oddRRBytes(Int)
    case trailingBytes(Int)
    case zeroRRInterval
    case zeroHeartRate
    case implausibleHeartRate(Int)

    public var description: String {
        switch self {
        case .empty: "empty notification"
        case .truncated(let field): "the flags promise a \(field) that is missing"
        case .oddRRBytes(let count): "RR intervals need whole 2-byte values, found \(count) bytes"
        case .trailingBytes(let count): "\(count) bytes after the last field"
        case .zeroRRInterval: "an RR interval of 0"
        case .zeroHeartRate: "a heart rate of 0 with skin contact"
        case .implausibleHeartRate(let rate): "a heart rate of \(rate) bpm"
        }
    }
}

/// Reads little-endian integers from a byte array.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - index }

    mutating func uint8() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func uint16() -> UInt16? {
        guard remaining >= 2 else { return nil }
        defer { index += 2 }
        return UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
    }
}
