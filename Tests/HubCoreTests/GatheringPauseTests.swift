import Testing

@testable import HubCore

/// How long a gathering reader pauses for records that come at a steady rate: as long as it may while a wake-up finds
/// a few, never so long that a socket of about 270 records could fill.
@Suite struct GatheringPauseTests {
    /// The records a wake-up finds at `perSecond` after each pause, over `wakeUps` wake-ups; the pause at the end.
    private func wakeUps(_ wakeUps: Int, at perSecond: Double, longest: Duration = .seconds(1)) -> (
        found: [Int], pause: GatheringPause
    ) {
        var pause = GatheringPause(longest: longest)
        var found: [Int] = []
        for _ in 0..<wakeUps {
            // What came during the pause, and the record that ended the wait after it.
            let records = max(
                1,
                Int((perSecond * Double(pause.current.components.attoseconds) / 1e18).rounded(.down))
                    + Int(pause.current.components.seconds) * Int(perSecond))
            found.append(records)
            pause.found(records)
        }
        return (found, pause)
    }

    @Test func aSensorAtFourTimesASecondIsReadOnceASecond() {
        let (found, pause) = wakeUps(30, at: 4)
        #expect(pause.current == .seconds(1))
        #expect(found.suffix(10) == Array(repeating: 4, count: 10))
    }

    @Test func aThousandASecondNeverFillsTheSocket() {
        let (found, pause) = wakeUps(1_000, at: 1_000)
        #expect(found.max()! <= 2 * GatheringPause.recordsPerWakeUp)
        #expect(pause.current <= .milliseconds(20))
        #expect(found.suffix(100).reduce(0, +) > 300, "still several records a wake-up, not one")
    }

    @Test func aFloodIsReadWithoutPause() {
        var pause = GatheringPause(longest: .seconds(1))
        pause.found(1)
        #expect(pause.current == .milliseconds(10))
        pause.found(65)
        pause.found(65)
        #expect(pause.current == .zero)
    }

    @Test func theLongestPauseIsNeverPassed() {
        let (_, pause) = wakeUps(50, at: 0.1, longest: .milliseconds(250))
        #expect(pause.current == .milliseconds(250))
    }

    /// At its longest, a pause ends on a whole multiple of it, so that readers wake together.
    @Test func theLongestPauseEndsOnItsWholeMultiple() {
        var pause = GatheringPause(longest: .seconds(1), shortest: .seconds(1))
        #expect(pause.milliseconds(at: .seconds(5)) == 0, "no pause yet")
        pause.found(1)
        #expect(pause.milliseconds(at: .milliseconds(12_250)) == 750)
        #expect(pause.milliseconds(at: .milliseconds(12_999)) == 1)
        #expect(pause.milliseconds(at: .seconds(13)) == 1_000)
        var shorter = GatheringPause(longest: .seconds(1), shortest: .milliseconds(10))
        shorter.found(1)
        #expect(shorter.milliseconds(at: .milliseconds(12_250)) == 10, "a pause below the longest is its own length")
    }

    /// With a phase (the workout's tick), the longest pause ends that far into each period instead.
    @Test func theLongestPauseEndsOnThePhase() {
        var pause = GatheringPause(longest: .seconds(1), shortest: .seconds(1))
        pause.found(4)
        #expect(pause.milliseconds(at: .milliseconds(12_250), phase: .milliseconds(300)) == 50)
        #expect(pause.milliseconds(at: .milliseconds(12_350), phase: .milliseconds(300)) == 950)
        #expect(pause.milliseconds(at: .milliseconds(12_350), phase: .milliseconds(5_300)) == 950)
    }
}
