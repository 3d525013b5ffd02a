import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct FileDescriptorReaderTests {
    // MARK: - Helpers

    /// A pipe's read and write ends; the test closes what the reader does not own.
    func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    /// A connected pair of Unix sockets of `type` (`SOCK_SEQPACKET`, `SOCK_STREAM`).
    func makeSocketPair(_ type: __socket_type) throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    func write(_ fd: Int32, _ text: String) throws {
        try write(fd, Array(text.utf8))
    }

    func write(_ fd: Int32, _ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written < 0 && errno == ENOTSOCK {
            try #require(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
        } else {
            try #require(written == bytes.count)
        }
    }

    /// Every record until the stream ends (at most `timeout` of real time).
    func collect(_ stream: AsyncStream<[UInt8]>, timeout: Duration = TestDeadline.hang) async throws -> [[UInt8]] {
        try await withThrowingTaskGroup(of: [[UInt8]]?.self) { group in
            group.addTask {
                var records: [[UInt8]] = []
                for await record in stream { records.append(record) }
                return records
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let records = first else {
                throw TestKitError("the reader's stream did not end within \(timeout)")
            }
            return records
        }
    }

    /// Waits until the reader's thread has finished (it sets `ending` last thing before ending the stream).
    func waitUntilEnded(_ reader: FileDescriptorReader, timeout: Duration = TestDeadline.hang) async throws {
        let deadline = ContinuousClock.now + timeout
        while reader.ending == nil {
            guard ContinuousClock.now < deadline else { throw TestKitError("the reader did not end within \(timeout)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    // MARK: - Byte streams

    @Test func deliversWhatIsWrittenToAPipeAndEndsAtEndOfFile() async throws {
        let (readEnd, writeEnd) = try makePipe()
        let reader = FileDescriptorReader(
            descriptor: readEnd, framing: .chunks(bufferSize: 64), ownership: .owned, name: "test-pipe")
        var iterator = reader.records.makeAsyncIterator()
        try write(writeEnd, "start\n")
        #expect(await iterator.next() == Array("start\n".utf8))
        try write(writeEnd, "pause")
        #expect(await iterator.next() == Array("pause".utf8))
        close(writeEnd)
        #expect(await iterator.next() == nil)
        #expect(reader.ending == .endOfFile)
        #expect(reader.droppedRecords == 0)
    }

    @Test func stopEndsTheStreamWhileNoDataIsPending() async throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(writeEnd) }
        let reader = FileDescriptorReader(
            descriptor: readEnd, framing: .chunks(bufferSize: 64), ownership: .owned, name: "test-stop")
        // With no data and the writer still open, only the wake-up socket can end the thread's poll().
        reader.stop()
        #expect(try await collect(reader.records).isEmpty)
        #expect(reader.ending == .stopped)
        reader.stop()  // a second stop after the end does nothing (and writes to no closed eventfd)
    }

    @Test func aConsumerThatGoesAwayStopsTheReaderWhichClosesWhatItOwns() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_STREAM)
        defer { close(theirs) }
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .chunks(bufferSize: 64), ownership: .owned, name: "test-cancel")
        let consumer = Task { for await _ in reader.records {} }
        consumer.cancel()
        await consumer.value
        try await waitUntilEnded(reader)
        #expect(reader.ending == .stopped)
        // The reader closed its end, so the peer reads end of file at once.
        var byte: UInt8 = 0
        #expect(recv(theirs, &byte, 1, 0) == 0)
    }

    @Test func aBorrowedDescriptorIsLeftOpen() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_STREAM)
        defer {
            close(ours)
            close(theirs)
        }
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .chunks(bufferSize: 64), ownership: .borrowed, name: "test-borrow")
        reader.stop()
        #expect(try await collect(reader.records).isEmpty)
        // Still open: what the peer writes can be read from it.
        try write(theirs, "x")
        var byte: UInt8 = 0
        #expect(recv(ours, &byte, 1, 0) == 1)
        #expect(byte == UInt8(ascii: "x"))
    }

    // MARK: - Framing

    @Test func aSequencedPacketSocketGivesWholeRecords() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_SEQPACKET)
        // Heart-rate notifications: flags, 8-bit bpm, RR intervals; written before anything is read.
        let payloads: [[UInt8]] = [[0x00, 72], [0x10, 75, 0x20, 0x03], [0x16, 80, 0x00, 0x03, 0x10, 0x03]]
        for payload in payloads { try write(theirs, payload) }
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .packets(maximumSize: 517), ownership: .owned, name: "test-seqpacket")
        close(theirs)
        #expect(try await collect(reader.records) == payloads)
        #expect(reader.ending == .endOfFile)
    }

    @Test func linesAreCutAtNewlinesWithoutTheirEndingsAndAnOverlongOneIsCounted() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_STREAM)
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .lines(maximumLength: 8), ownership: .owned, name: "test-lines")
        var iterator = reader.records.makeAsyncIterator()
        try write(theirs, "{\"a\":1}\r\n{\"b\"")
        #expect(await iterator.next() == Array("{\"a\":1}".utf8))
        try write(theirs, ":2}\n")
        #expect(await iterator.next() == Array("{\"b\":2}".utf8))
        try write(theirs, "0123456789")  // 10 bytes: over the limit of 8 before its end is even seen
        try write(theirs, "abc\nlast")
        close(theirs)
        #expect(await iterator.next() == Array("last".utf8), "the overlong line is skipped to its end")
        #expect(await iterator.next() == nil)
        #expect(reader.discardedRecords == 1)
    }

    @Test func fixedSizeRecordsArePutBackTogetherAndAPartialLastOneIsCounted() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_STREAM)
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .fixedSize(24), ownership: .owned, name: "test-evdev")
        let bytes = (0..<53).map { UInt8($0) }  // two 24-byte records and 5 bytes of a third
        try write(theirs, Array(bytes[0..<30]))
        try write(theirs, Array(bytes[30...]))
        close(theirs)
        #expect(try await collect(reader.records) == [Array(bytes[0..<24]), Array(bytes[24..<48])])
        #expect(reader.discardedRecords == 1)
    }

    // MARK: - A slow consumer

    @Test func recordsBeyondTheBufferAreDroppedOldestFirstAndCounted() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_SEQPACKET)
        for number in 1...5 { try write(theirs, [UInt8(number)]) }
        close(theirs)
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .packets(maximumSize: 16), ownership: .owned, bufferLimit: 2, name: "test-slow")
        // Nothing is taken until the thread has read all five and the end: the buffer holds two of them.
        try await waitUntilEnded(reader)
        #expect(try await collect(reader.records) == [[4], [5]])
        #expect(reader.droppedRecords == 3)
    }

    // MARK: - Gathering

    /// A reader that gathers reads what came during its pause in one wake-up, every record whole and in order.
    @Test func aGatheringReaderDeliversEveryRecordInOrder() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_SEQPACKET)
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .packets(maximumSize: 16), ownership: .owned, name: "test-gather",
            gathering: GatheringPause(longest: .milliseconds(200)))
        var iterator = reader.records.makeAsyncIterator()
        try write(theirs, [0])
        #expect(await iterator.next() == [0])
        // Written while the reader pauses after the first: read together.
        for number in 1...20 { try write(theirs, [UInt8(number)]) }
        for number in 1...20 { #expect(await iterator.next() == [UInt8(number)]) }
        close(theirs)
        #expect(await iterator.next() == nil)
        #expect(reader.ending == .endOfFile)
    }

    /// A stop request ends a long pause at once.
    @Test func stopEndsAGatheringPause() async throws {
        let (ours, theirs) = try makeSocketPair(SOCK_SEQPACKET)
        defer { close(theirs) }
        let reader = FileDescriptorReader(
            descriptor: ours, framing: .packets(maximumSize: 16), ownership: .owned, name: "test-gather-stop",
            gathering: GatheringPause(longest: .seconds(3600), shortest: .seconds(600)))
        var iterator = reader.records.makeAsyncIterator()
        try write(theirs, [1])
        #expect(await iterator.next() == [1])
        // The reader now pauses for ten minutes, or until stopped.
        let stoppedAt = ContinuousClock.now
        reader.stop()
        #expect(await iterator.next() == nil)
        #expect(ContinuousClock.now - stoppedAt < .seconds(60))
        #expect(reader.ending == .stopped)
    }

    /// Something other than a socket cannot be read without waiting: it is read a record a wake-up, as without.
    @Test func aGatheringReaderOfAPipeReadsAsWithout() async throws {
        let (read, write) = try makePipe()
        let reader = FileDescriptorReader(
            descriptor: read, framing: .chunks(bufferSize: 64), ownership: .owned, name: "test-gather-pipe",
            gathering: GatheringPause(longest: .seconds(1)))
        try self.write(write, "heart rate")
        close(write)
        #expect(try await collect(reader.records).flatMap { $0 } == Array("heart rate".utf8))
        #expect(reader.ending == .endOfFile)
    }
}
