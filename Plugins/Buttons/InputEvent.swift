/// One Linux input event: `struct input_event` as a 64-bit kernel writes it to `/dev/input/event*`.
///
/// 24 bytes: `struct timeval` (two 64-bit integers, 16 bytes), `__u16 type` at 16, `__u16 code` at 18, `__s32 value`
/// at 20, in the machine's byte order (little-endian on x86_64 and arm64). The time is not read: presses are timed
/// on the hub's monotonic clock, where the kernel's is the wall clock unless asked otherwise.
struct InputEvent: Sendable, Equatable {
    /// The size of one record.
    static let size = 24

    /// `EV_SYN`: the end of a batch (`SYN_REPORT`) or a warning that events were lost (`SYN_DROPPED`).
    static let synchronisation: UInt16 = 0
    /// `EV_KEY`: a key or button; value 1 is down, 0 up, 2 the keyboard's own repeat.
    static let key: UInt16 = 1
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    static let dropped: UInt16 = 3

    var type: UInt16
    var code: UInt16
    var value: Int32

    /// Reads one record; nil unless it is exactly ``size`` bytes.
    init?(record: [UInt8]) {
        guard record.count == Self.size else { return nil }
        (type, code, value) = record.withUnsafeBytes { bytes in
            (
                UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt16.self)),
                UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 18, as: UInt16.self)),
                Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 20, as: Int32.self))
            )
        }
    }

    init(type: UInt16, code: UInt16, value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }

    /// The record as the kernel writes it, with the given time (tests and the benchmark write these into a FIFO).
    func record(seconds: Int64 = 0, microseconds: Int64 = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        withUnsafeBytes(of: seconds.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: microseconds.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: type.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: code.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
