import Foundation
import HubCore

/// Reads standard input and hands the bytes over as an async stream.
///
/// `read()` blocks, and a blocked cooperative thread would stall the hub, so a ``FileDescriptorReader``
/// waits on a thread of its own, asleep in `poll()` until input arrives or ``stop()`` is called. Standard
/// input stays open: the process owns it, not the console.
struct InputReader: Sendable {
    private let reader: FileDescriptorReader

    /// Starts reading `fd` (standard input unless a test says otherwise).
    init(fd: Int32 = STDIN_FILENO) {
        reader = FileDescriptorReader(
            descriptor: fd, framing: .chunks(bufferSize: 4096), ownership: .borrowed, name: "console-stdin")
    }

    /// The bytes as they come; the stream ends at end of input or after `stop()`. Iterate it once.
    func chunks() -> AsyncStream<[UInt8]> { reader.records }

    func stop() { reader.stop() }

    /// Input lost because the console fell behind by more than the reader's buffer.
    var lostChunks: Int { reader.droppedRecords }
}
