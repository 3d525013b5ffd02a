import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// The compact form of the all-day log keeps every heart rate and interval exactly, and survives damage.
@Suite struct HeartRateBlockTests {
    static func randomBlock(seed: UInt64) -> HeartRateBlock {
        var generator = SeededRandom(seed: seed)
        var block = HeartRateBlock()
        for offset in 0..<HeartRateBlock.seconds where Int.random(in: 0..<10, using: &generator) > 0 {
            block.beatsPerMinute[offset] = UInt8.random(in: 1...255, using: &generator)
            let counts = [0, 1, 1, 2, 2, 3, 4, 6, 7, 8, 30]
            let count = counts[Int.random(in: 0..<counts.count, using: &generator)]
            block.intervals[offset] = (0..<count).map { _ in
                // Mostly small changes, now and then anything at all (an artefact, a missed beat).
                Bool.random(using: &generator)
                    ? UInt16.random(in: 380...420, using: &generator)
                    : UInt16.random(in: 0...UInt16.max, using: &generator)
            }
        }
        return block
    }

    @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func aBlockComesBackExactly(seed: UInt64) {
        let block = Self.randomBlock(seed: seed)
        let stored = HeartRateBlock(bpm: Data(block.beatsPerMinute), rr: block.encodedIntervals())
        #expect(stored == block)
    }

    @Test func atOneHundredAndFiftyBeatsAMinuteAnIntervalTakesAboutOneByte() {
        var block = HeartRateBlock()
        var beat = 0.0
        for offset in 0..<HeartRateBlock.seconds {
            block.beatsPerMinute[offset] = 150
            var values: [UInt16] = []
            while beat < Double(offset + 1) {
                // 400 ms ± 10 ms, as a strap reports a runner's beats.
                let milliseconds = 400 + 10 * sin(beat * 1.7)
                values.append(UInt16(milliseconds * 1.024))
                beat += milliseconds / 1000
            }
            block.intervals[offset] = values
        }
        let intervals = block.intervals.reduce(0) { $0 + $1.count }
        let bytes = block.encodedIntervals().count
        #expect((745...755).contains(intervals))
        // Version byte + 113 bytes of 3-bit counts + one byte an interval (the first takes two).
        #expect(bytes == 1 + 113 + intervals + 1)
        #expect(HeartRateBlock(bpm: Data(block.beatsPerMinute), rr: block.encodedIntervals()) == block)
    }

    @Test(arguments: [0, 1, 10, 113, 114, 115, 200, 500] as [Int])
    func aDamagedBlobGivesWhatCanBeReadAndNeverCrashes(keptBytes: Int) {
        let block = Self.randomBlock(seed: 7)
        let encoded = [UInt8](block.encodedIntervals())
        let damaged = HeartRateBlock(bpm: Data(block.beatsPerMinute), rr: Data(encoded.prefix(keptBytes)))
        #expect(damaged.beatsPerMinute == block.beatsPerMinute)
        // What was read is what was written, in order: a prefix of the intervals, never made-up values.
        let all = block.intervals.flatMap { $0 }
        let read = damaged.intervals.flatMap { $0 }
        #expect(read.count < all.count)
        #expect(Array(all.prefix(read.count)) == read)
    }

    @Test func garbageOfAnyKindDecodesWithoutCrashing() {
        var generator = SeededRandom(seed: 99)
        for _ in 0..<200 {
            let length = Int.random(in: 0..<400, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !bytes.isEmpty { bytes[0] = 1 }  // past the version check, into the counts and varints
            let block = HeartRateBlock(bpm: Data(bytes.prefix(300)), rr: Data(bytes))
            #expect(block.intervals.count == HeartRateBlock.seconds)
        }
    }
}
