/// Cuts the bytes a ``FileDescriptorReader`` reads into the records its ``FileDescriptorReader/Framing`` asks
/// for, keeping what a read left unfinished for the next one.
struct RecordFramer {
    let framing: FileDescriptorReader.Framing
    /// Called once for each record that cannot be framed.
    let onDiscard: () -> Void
    /// An unfinished line or fixed-size record.
    private var pending: [UInt8] = []
    /// Inside a line that grew past the limit: skip to its end.
    private var skippingLine = false

    init(framing: FileDescriptorReader.Framing, onDiscard: @escaping () -> Void) {
        self.framing = framing
        self.onDiscard = onDiscard
    }

    /// How many bytes to ask `read()` for.
    var readSize: Int {
        switch framing {
        case .chunks(let size): max(size, 1)
        case .packets(let size): max(size, 1)
        case .lines: 4096
        // A whole number of records, so that a device that reads whole records only (evdev) is never split.
        case .fixedSize(let size): max(size, 1) * max(1, 4096 / max(size, 1))
        }
    }

    /// Hands over every record `bytes` completes.
    mutating func consume(_ bytes: ArraySlice<UInt8>, deliver: ([UInt8]) -> Void) {
        switch framing {
        case .chunks, .packets:
            deliver(Array(bytes))
        case .lines(let maximumLength):
            consumeLines(bytes, maximumLength: maximumLength, deliver: deliver)
        case .fixedSize(let size):
            pending.append(contentsOf: bytes)
            let size = max(size, 1)
            var offset = 0
            while pending.count - offset >= size {
                deliver(Array(pending[offset..<(offset + size)]))
                offset += size
            }
            pending.removeFirst(offset)
        }
    }

    /// At end of file: delivers an unterminated last line; counts a partial fixed-size record as discarded.
    mutating func finish(deliver: ([UInt8]) -> Void) {
        defer {
            pending = []
            skippingLine = false
        }
        switch framing {
        case .chunks, .packets:
            return
        case .lines:
            if !skippingLine && !pending.isEmpty { deliver(Self.withoutCarriageReturn(pending[...])) }
        case .fixedSize:
            if !pending.isEmpty { onDiscard() }
        }
    }

    private mutating func consumeLines(_ bytes: ArraySlice<UInt8>, maximumLength: Int, deliver: ([UInt8]) -> Void) {
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if skippingLine {
                skippingLine = false  // counted when it went over the limit
            } else {
                pending.append(contentsOf: bytes[start..<newline])
                let line = Self.withoutCarriageReturn(pending[...])
                if line.count > maximumLength { onDiscard() } else { deliver(line) }
            }
            pending.removeAll(keepingCapacity: true)
            start = bytes.index(after: newline)
        }
        guard !skippingLine else { return }
        pending.append(contentsOf: bytes[start...])
        // One byte of slack: the line may yet end in "\r\n", and the "\r" does not count.
        if pending.count > maximumLength + 1 {
            onDiscard()
            skippingLine = true
            pending.removeAll(keepingCapacity: true)
        }
    }

    private static func withoutCarriageReturn(_ line: ArraySlice<UInt8>) -> [UInt8] {
        Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
    }
}
