import HubCore
import Testing

@Suite struct HeartRateVariabilityTests {
    @Test func rmssdIsTheRootMeanSquareOfSuccessiveDifferences() throws {
        // In 1/1024 s, differences 20, -30, 10: squares 400, 900, 100; mean 466.67; root 21.60, or 21.10 ms.
        let rmssd = try #require(HeartRateVariability.rmssd(rrIntervals1024: [800, 820, 790, 800]))
        #expect(abs(rmssd - (1400.0 / 3).squareRoot() * 1000 / 1024) < 1e-9)
    }

    @Test func anArtefactBreaksTheChainInsteadOfCountingAsAHugeDifference() throws {
        // 3000/1024 s (2,930 ms) is a missed beat: pairs (800, 810) and (805, 815) remain, differences 10 and 10
        // (9.77 ms).
        let rmssd = try #require(HeartRateVariability.rmssd(rrIntervals1024: [800, 810, 3000, 805, 815]))
        #expect(abs(rmssd - 10 * 1000 / 1024) < 1e-9)
    }

    @Test func needsAtLeastTwoSuccessivePairs() {
        #expect(HeartRateVariability.rmssd(rrIntervals1024: []) == nil)
        #expect(HeartRateVariability.rmssd(rrIntervals1024: [800, 810]) == nil)
    }
}
