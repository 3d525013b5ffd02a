import HubCore

/// One Heart Rate Measurement notification (GATT characteristic 0x2A37), decoded.
///
/// Layout (all little-endian): a flags byte, then the heart rate (uint8, or uint16 when flag bit 0 is set),
/// then Energy Expended (uint16 kJ) when bit 3 is set, then RR intervals (uint16, 1/1024 s) filling the rest
/// when bit 4 is set. Bits 1–2 report skin contact: 0 or 1 not supported, 2 no contact, 3 contact.
///
/// A payload whose heart rate is missing or impossible gives no reading (``HeartRateMeasurementError``). One whose
/// heart rate is sound but whose later fields are damaged still gives it: the damaged part is left out and named
/// in ``defects``, so that one stray byte does not cost a second of heart rate.
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
    /// What was left out of a partly broken payload, in payload order; empty for a well-formed one.
    public var defects: [HeartRateMeasurementDefect]

    public init(
        beatsPerMinute: Int, contact: Contact, energyExpendedKilojoules: Int? = nil, rrIntervals1024: [UInt16] = [],
        defects: [HeartRateMeasurementDefect] = []
    ) {
        self.beatsPerMinute = beatsPerMinute
        self.contact = contact
        self.energyExpendedKilojoules = energyExpendedKilojoules
        self.rrIntervals1024 = rrIntervals1024
        self.defects = defects
    }

    /// Whether the payload was damaged after its heart rate (see ``defects``).
    public var isPartlyBroken: Bool { !defects.isEmpty }

    /// Decodes a notification payload.
    ///
    /// An RR interval outside `HeartRateMeasured.plausibleRRIntervalMilliseconds` (0 included) is no beat: it is
    /// left out and named in ``defects``, and the heart rate is kept.
    ///
    /// - Throws: ``HeartRateMeasurementError`` when there is no sound heart rate to keep: the payload is empty or
    ///   cut short before the heart rate ends, or the rate is 0 with skin contact or otherwise outside
    ///   `HeartRateMeasured.plausibleBeatsPerMinute` (without skin contact the rate is no heart rate, and not
    ///   checked).
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
        // A heart rate of 0 only makes sense when the sensor says it has no contact.
        if contact != .noContact {
            guard rate > 0 else { throw .zeroHeartRate }
            guard HeartRateMeasured.isPlausible(beatsPerMinute: rate) else { throw .implausibleHeartRate(rate) }
        }
        beatsPerMinute = rate
        defects = []
        if flags & 0b0000_1000 != 0 {
            if let energy = reader.uint16() {
                energyExpendedKilojoules = Int(energy)
            } else {
                // Cut short inside the field: what is left (0 or 1 byte) ends the payload.
                defects.append(.truncatedEnergyExpended(bytes: reader.skipRest()))
            }
        }
        rrIntervals1024 = []
        if flags & 0b0001_0000 != 0 {
            var implausible = 0
            while let interval = reader.uint16() {
                guard HeartRateMeasured.isPlausible(rrInterval1024: interval) else {
                    implausible += 1
                    continue
                }
                rrIntervals1024.append(interval)
            }
            if implausible > 0 { defects.append(.implausibleRRIntervals(implausible)) }
            if reader.remaining == 1 {
                defects.append(.strayRRByte)
                _ = reader.skipRest()
            } else if rrIntervals1024.isEmpty, implausible == 0, !defects.contains(where: \.endsPayload) {
                defects.append(.missingRRIntervals)
            }
        }
        if reader.remaining > 0 {
            defects.append(.trailingBytes(reader.skipRest()))
        }
    }
}

/// A damaged part of a Heart Rate Measurement payload whose heart rate was still kept.
public enum HeartRateMeasurementDefect: Sendable, Equatable, CustomStringConvertible {
    /// Energy Expended was promised but the payload ends inside it (with this many of its 2 bytes).
    case truncatedEnergyExpended(bytes: Int)
    /// RR intervals were promised but none followed.
    case missingRRIntervals
    /// The RR area held an odd number of bytes: the whole intervals were kept, the single last byte left out.
    case strayRRByte
    /// Bytes after the last field the flags promise.
    case trailingBytes(Int)
    /// This many RR intervals were no beat (outside `HeartRateMeasured.plausibleRRIntervalMilliseconds`).
    case implausibleRRIntervals(Int)

    /// Whether the payload ends at this defect, so that no later field could follow.
    var endsPayload: Bool {
        if case .truncatedEnergyExpended = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .truncatedEnergyExpended(let bytes): "energy expended cut short (\(bytes) of 2 bytes)"
        case .missingRRIntervals: "RR intervals promised, none present"
        case .strayRRByte: "a single byte left over after the whole RR intervals"
        case .trailingBytes(1): "1 byte after the last field"
        case .trailingBytes(let count): Format.counted(count, "byte") + " after the last field"
        case .implausibleRRIntervals(let count):
            "\(count == 1 ? "1 RR interval" : "\(count) RR intervals") outside "
                + "\(Int(HeartRateMeasured.plausibleRRIntervalMilliseconds.lowerBound))–"
                + "\(Int(HeartRateMeasured.plausibleRRIntervalMilliseconds.upperBound)) ms"
        }
    }
}

/// Why a Heart Rate Measurement payload gave no reading and was dropped.
public enum HeartRateMeasurementError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case truncated(field: String)
    case zeroHeartRate
    case implausibleHeartRate(Int)

    public var description: String {
        switch self {
        case .empty: "empty notification"
        case .truncated(let field): "the flags promise a \(field) that is missing"
        case .zeroHeartRate: "a heart rate of 0 with skin contact"
        case .implausibleHeartRate(let rate):
            "a heart rate of \(rate) bpm, outside \(HeartRateMeasured.plausibleRangeDescription)"
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

    /// Skips what is left; returns how many bytes that was.
    mutating func skipRest() -> Int {
        defer { index = bytes.count }
        return remaining
    }
}
