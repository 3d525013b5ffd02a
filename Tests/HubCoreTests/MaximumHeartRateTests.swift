import HubCore
import Testing

@Suite struct MaximumHeartRateTests {
    @Test func aFortyYearOldIsPredicted180BeatsPerMinute() {
        // 208 − 0.7 × 40 = 208 − 28.
        #expect(MaximumHeartRate.predicted(ageYears: 40) == 180)
    }

    @Test func anAgeOutsideAPersonsLifeIsHeldToIt() {
        #expect(MaximumHeartRate.predicted(ageYears: -5) == 208)
        #expect(abs(MaximumHeartRate.predicted(ageYears: 500) - 124) < 1e-9)  // 208 − 0.7 × 120
    }
}
