import Testing

@testable import HubCore

@Suite struct InotifyEventTests {
    /// `struct inotify_event` as the kernel lays it out on a little-endian machine.
    func event(mask: UInt32, name: String, paddedTo length: UInt32) -> [UInt8] {
        func bytes(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let nameBytes = Array(name.utf8)
        return bytes(1) + bytes(mask) + bytes(0) + bytes(length)
            + nameBytes + [UInt8](repeating: 0, count: Int(length) - nameBytes.count)
    }

    @Test func parsesEveryEventOfABatchWithItsNameWithoutPadding() {
        // IN_MODIFY = 0x2 on "stayfit.sqlite-wal" (18 bytes, padded to 32), IN_Q_OVERFLOW = 0x4000 (no name),
        // IN_CLOSE_WRITE = 0x8 on "stayfit.sqlite" (14 bytes, padded to 16).
        let batch =
            event(mask: 0x2, name: "stayfit.sqlite-wal", paddedTo: 32) + event(mask: 0x4000, name: "", paddedTo: 0)
            + event(mask: 0x8, name: "stayfit.sqlite", paddedTo: 16)
        #expect(batch.count == 48 + 16 + 32)
        #expect(
            InotifyEvent.parse(batch) == [
                InotifyEvent(mask: 0x2, name: "stayfit.sqlite-wal"), InotifyEvent(mask: 0x4000, name: ""),
                InotifyEvent(mask: 0x8, name: "stayfit.sqlite"),
            ])
    }

    @Test func aTornEventAtTheEndIsIgnored() {
        let whole = event(mask: 0x2, name: "a", paddedTo: 16)
        let torn = Array(event(mask: 0x2, name: "b", paddedTo: 16).prefix(20))
        #expect(InotifyEvent.parse(whole + torn) == [InotifyEvent(mask: 0x2, name: "a")])
    }
}
