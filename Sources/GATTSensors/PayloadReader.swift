/// Reads the little-endian fields of one GATT payload in order, throwing a ``GATTSensorError`` of kind
/// ``DropReason/truncated`` that names the field when the payload ends before it does.
///
/// Bytes after the last field the flags promise are ignored, not an error: the Bluetooth SIG extends these
/// characteristics by appending fields (with flag bits that are reserved today), and a client is to ignore what it
/// does not know, so a payload from a newer sensor still gives its known fields.
struct PayloadReader {
    private let bytes: [UInt8]
    private var index = 0
    let characteristic: GATTCharacteristic

    init(_ bytes: some Collection<UInt8>, _ characteristic: GATTCharacteristic) throws(GATTSensorError) {
        self.bytes = Array(bytes)
        self.characteristic = characteristic
        guard !self.bytes.isEmpty else { throw GATTSensorError(characteristic, .empty, "empty notification") }
    }

    var remaining: Int { bytes.count - index }

    private mutating func take(_ count: Int, _ field: String) throws(GATTSensorError) -> UInt32 {
        guard remaining >= count else {
            let (offset, length) = (index, bytes.count)
            let noun = count == 1 ? "byte" : "bytes"
            throw GATTSensorError(
                characteristic, .truncated,
                "the flags promise \(field) (\(count) \(noun) at offset \(offset)) but the payload has \(length)")
        }
        var value: UInt32 = 0
        for offset in 0..<count { value |= UInt32(bytes[index + offset]) << (8 * offset) }
        index += count
        return value
    }

    mutating func uint8(_ field: String) throws(GATTSensorError) -> UInt8 { UInt8(try take(1, field)) }
    mutating func uint16(_ field: String) throws(GATTSensorError) -> UInt16 { UInt16(try take(2, field)) }
    mutating func int16(_ field: String) throws(GATTSensorError) -> Int16 {
        Int16(bitPattern: UInt16(try take(2, field)))
    }
    mutating func uint24(_ field: String) throws(GATTSensorError) -> UInt32 { try take(3, field) }
    mutating func uint32(_ field: String) throws(GATTSensorError) -> UInt32 { try take(4, field) }

    /// The bytes from here to the end (a parameter whose layout this module does not decode).
    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return Array(bytes[index...])
    }
}

extension FixedWidthInteger {
    /// Nil for the "data not available" value: all ones for an unsigned field (0xFF, 0xFFFF, 0xFFFFFF is passed
    /// as its own check), the largest positive value for a signed one (0x7FFF).
    var unlessNotAvailable: Self? { self == .max ? nil : self }
}
