#if canImport(Glibc)
    import Glibc
#endif

/// One event from an inotify descriptor: what happened (`mask`, the `IN_*` bits) to which file of the
/// watched directory (`name`; empty for the directory itself and for `IN_Q_OVERFLOW`).
struct InotifyEvent: Sendable, Equatable {
    var mask: UInt32
    var name: String

    /// `struct inotify_event`'s fixed part: `int wd; uint32_t mask, cookie, len;`, then `len` bytes of name.
    static let headerSize = 16

    /// The events in one `read()` of an inotify descriptor, which always holds whole events; a torn one at
    /// the end (which the kernel never makes) is ignored rather than read past.
    static func parse(_ batch: [UInt8]) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        batch.withUnsafeBytes { bytes in
            var offset = 0
            while bytes.count - offset >= headerSize {
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                guard length <= bytes.count - nameStart else { break }
                // The name is padded with NULs to an alignment boundary.
                let nameBytes = bytes[nameStart..<(nameStart + length)].prefix { $0 != 0 }
                events.append(InotifyEvent(mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
                offset = nameStart + length
            }
        }
        return events
    }
}
