/// `struct gpio_v2_line_request` from `<linux/gpio.h>` (kernel 5.10 and later), built byte by byte: 592 bytes, the
/// argument of `GPIO_V2_GET_LINE_IOCTL`, which answers with a file descriptor in ``fdOffset`` that reads the lines'
/// edge events (``GPIOLineEvent``).
///
/// The layout (checked against the header in the tests):
/// - `__u32 offsets[64]` at 0: the lines asked for;
/// - `char consumer[32]` at 256: who holds them (shown by `gpioinfo`);
/// - `struct gpio_v2_line_config config` at 288: `__aligned_u64 flags` at 288, `__u32 num_attrs` at 296, padding to
///   320, then `attrs[10]` of 24 bytes each (`__u32 id`, padding, a 64-bit union holding `debounce_period_us`, and
///   `__aligned_u64 mask`, one bit per line of this request);
/// - `__u32 num_lines` at 560, `__u32 event_buffer_size` at 564, padding to 588, `__s32 fd` at 588.
struct GPIOLineRequest: Sendable, Equatable {
    static let size = 592
    static let offsetsOffset = 0
    static let consumerOffset = 256
    static let flagsOffset = 288
    static let attributeCountOffset = 296
    static let attributesOffset = 320
    static let attributeSize = 24
    static let attributeDebounceOffset = 8
    static let attributeMaskOffset = 16
    static let lineCountOffset = 560
    static let eventBufferSizeOffset = 564
    static let fdOffset = 588

    /// `GPIO_V2_LINE_FLAG_*`.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt64
        static let activeLow = Flags(rawValue: 1 << 1)
        static let input = Flags(rawValue: 1 << 2)
        static let edgeRising = Flags(rawValue: 1 << 4)
        static let edgeFalling = Flags(rawValue: 1 << 5)
        static let biasPullUp = Flags(rawValue: 1 << 8)
    }

    /// `GPIO_V2_LINE_ATTR_ID_DEBOUNCE`.
    static let debounceAttribute: UInt32 = 3

    /// Buttons: input, pulled up, active-low (a press pulls the line to ground and reads as active), both edges.
    static let buttonFlags: Flags = [.input, .activeLow, .biasPullUp, .edgeRising, .edgeFalling]

    var offsets: [UInt32]
    var consumer: String
    var flags: Flags
    var debounceMicroseconds: UInt32
    /// Edge events the kernel keeps for a reader that falls behind (0: its default, 16 per line).
    var eventBufferSize: UInt32 = 0

    /// The request as the kernel reads it.
    var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.size)
        func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
            withUnsafeBytes(of: value.littleEndian) { source in
                for (index, byte) in source.enumerated() { bytes[offset + index] = byte }
            }
        }
        for (index, offset) in offsets.prefix(GPIOButtons.maximumLines).enumerated() {
            put(offset, at: Self.offsetsOffset + 4 * index)
        }
        // At most 31 bytes and a NUL.
        for (index, byte) in consumer.utf8.prefix(31).enumerated() { bytes[Self.consumerOffset + index] = byte }
        put(flags.rawValue, at: Self.flagsOffset)
        if debounceMicroseconds > 0 {
            put(UInt32(1), at: Self.attributeCountOffset)
            put(Self.debounceAttribute, at: Self.attributesOffset)
            put(debounceMicroseconds, at: Self.attributesOffset + Self.attributeDebounceOffset)
            let lineCount = min(offsets.count, GPIOButtons.maximumLines)
            let mask: UInt64 = lineCount == 64 ? .max : (1 << UInt64(lineCount)) - 1
            put(mask, at: Self.attributesOffset + Self.attributeMaskOffset)
        }
        put(UInt32(min(offsets.count, GPIOButtons.maximumLines)), at: Self.lineCountOffset)
        put(eventBufferSize, at: Self.eventBufferSizeOffset)
        return bytes
    }
}

/// `struct gpio_v2_line_event`: one edge on a requested line, 48 bytes.
///
/// `__aligned_u64 timestamp_ns` at 0, `__u32 id` at 8 (1 rising edge, 2 falling edge), `__u32 offset` at 12 (the line),
/// `__u32 seqno` at 16, `__u32 line_seqno` at 20, padding. With an active-low line the edges are logical: rising is
/// the press (the line pulled to ground), falling the release.
struct GPIOLineEvent: Sendable, Equatable {
    static let size = 48
    static let risingEdge: UInt32 = 1
    static let fallingEdge: UInt32 = 2

    var id: UInt32
    var offset: UInt32

    init?(record: [UInt8]) {
        guard record.count == Self.size else { return nil }
        (id, offset) = record.withUnsafeBytes { bytes in
            (
                UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)),
                UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            )
        }
    }

    /// The key value it stands for: 1 pressed, 0 released; nil for an id the kernel does not send.
    var keyValue: Int32? {
        switch id {
        case Self.risingEdge: 1
        case Self.fallingEdge: 0
        default: nil
        }
    }
}
