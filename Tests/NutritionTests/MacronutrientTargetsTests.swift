import Nutrition
import Testing

@Suite struct MacronutrientTargetsTests {
    @Test func proteinComesFromTheWeightFatFromThirtyPercentAndCarbohydrateFromTheRest() {
        let targets = MacronutrientTargets(kilocalories: 2000, weightKilograms: 70)
        // 1.6 × 70 = 112 g (448 kcal); 0.3 × 2,000 / 9 = 66.7 g (600 kcal); (2,000 − 448 − 600) / 4 = 238 g.
        #expect([targets.proteinGrams, targets.carbohydrateGrams, targets.fatGrams] == [112, 238, 67])
    }

    @Test func aLighterPersonOnALargerTargetEatsMoreCarbohydrate() {
        let targets = MacronutrientTargets(kilocalories: 2600, weightKilograms: 58.5)
        // 1.6 × 58.5 = 93.6 g (374.4 kcal); 0.3 × 2,600 / 9 = 86.7 g (780 kcal); (2,600 − 374.4 − 780) / 4 = 361.4 g.
        #expect(targets.proteinGrams == 94)
        #expect(targets.fatGrams == 87)
        #expect(targets.carbohydrateGrams == 361)
    }

    @Test func carbohydrateIsNeverBelowNothingWhenProteinAndFatTakeTheWholeTarget() {
        let targets = MacronutrientTargets(kilocalories: 1200, weightKilograms: 150)
        // 1.6 × 150 = 240 g (960 kcal) and 0.3 × 1,200 / 9 = 40 g (360 kcal): 1,320 kcal, more than 1,200.
        #expect(targets.proteinGrams == 240)
        #expect(targets.fatGrams == 40)
        #expect(targets.carbohydrateGrams == 0)
    }
}
