import Records
import Testing

@testable import Nutrition

@Suite struct EnergyBudgetTests {
    /// Worked by hand from 10 × kg + 6.25 × cm − 5 × years + 5 (men) or − 161 (women).
    @Test(arguments: [
        (70.0, 175.0, 35, Gender.male, 1623.75),  // 700 + 1093.75 − 175 + 5
        (60.0, 165.0, 28, Gender.female, 1330.25),  // 600 + 1031.25 − 140 − 161
        (95.5, 188.0, 52, Gender.male, 1875.0),  // 955 + 1175 − 260 + 5
        (55.0, 160.0, 70, Gender.female, 1039.0),  // 550 + 1000 − 350 − 161
        (80.0, 180.0, 40, Gender.other, 1647.0),  // 800 + 1125 − 200 − 78, the mean of +5 and −161
    ])
    func theBasalRateIsMifflinStJeor(kilograms: Double, centimetres: Double, age: Int, gender: Gender, expected: Double)
    {
        let body = EnergyBudget.Body(
            weightKilograms: kilograms, heightCentimeters: centimetres, ageYears: age, gender: gender)
        #expect(abs(EnergyBudget.basalMetabolicRate(body) - expected) < 1e-9)
    }

    @Test func theTargetIsTheBasalRateTimesActivityPlusWorkoutsLessTheGoal() {
        let body = EnergyBudget.Body(weightKilograms: 70, heightCentimeters: 175, ageYears: 35, gender: .male)
        // 1,623.75 × 1.2 = 1,948.5; losing 0.5 kg a week is 0.5 × 7,700 / 7 = 550 a day.
        let losing = EnergyBudget(body: body, activity: .sedentary, goal: .lose(kilogramsPerWeek: 0.5))
        // 1,948.5 − 550 is 1,398.5: under a man's floor, so 1,500 on a day without a workout.
        #expect(losing.target(workoutKilocalories: 0).kilocalories == 1500)
        #expect(losing.target(workoutKilocalories: 450).kilocalories == 1849)
        #expect(losing.target(workoutKilocalories: 450).goalKilocalories == 550)
        // 1,623.75 × 1.55 = 2,516.8; gaining 0.25 kg a week adds 275.
        let gaining = EnergyBudget(body: body, activity: .moderate, goal: .gain(kilogramsPerWeek: 0.25))
        #expect(gaining.target(workoutKilocalories: 0).kilocalories == 2792)
        let keeping = EnergyBudget(body: body, activity: .veryActive, goal: .maintain)
        #expect(keeping.target(workoutKilocalories: 300).kilocalories == 3385)  // 3,085.1 + 300
    }

    @Test func aTargetUnderTheFloorIsHeldAtItAndSaysSo() {
        // 55 kg, 160 cm, 70, a woman: 1,039 × 1.2 = 1,246.8, less 1,100 for 1 kg a week: 147, far under 1,200.
        let body = EnergyBudget.Body(weightKilograms: 55, heightCentimeters: 160, ageYears: 70, gender: .female)
        let target = EnergyBudget(body: body, activity: .sedentary, goal: .lose(kilogramsPerWeek: 1))
            .target(workoutKilocalories: 0)
        #expect(target.kilocalories == 1200 && target.heldAtFloor)
        // A man's floor is 1,500: 1,948.5 − 1,100 = 848.5.
        let man = EnergyBudget.Body(weightKilograms: 70, heightCentimeters: 175, ageYears: 35, gender: .male)
        let held = EnergyBudget(body: man, activity: .sedentary, goal: .lose(kilogramsPerWeek: 1))
            .target(workoutKilocalories: 0)
        #expect(held.kilocalories == 1500 && held.heldAtFloor)
        // A workout can lift it off the floor.
        let lifted = EnergyBudget(body: man, activity: .sedentary, goal: .lose(kilogramsPerWeek: 1))
            .target(workoutKilocalories: 800)
        #expect(lifted.kilocalories == 1649 && !lifted.heldAtFloor)
    }

    @Test func whatIsLeftIsSaidInPlainWords() {
        let target = DailyTarget(
            kilocalories: 2000, basalKilocalories: 1600, goalKilocalories: 0, workoutKilocalories: 0,
            heldAtFloor: false)
        #expect(target.left(afterEating: 1360) == "You have 640 calories left today.")
        #expect(target.left(afterEating: 1999) == "You have 1 calorie left today.")
        #expect(target.left(afterEating: 2120) == "You are 120 calories over today's target.")
    }

    @Test func aWeightGoalIsReadFromWordsAndAnUnplannedRateIsRefused() throws {
        #expect(try WeightGoal(parsing: "lose 0.5") == .lose(kilogramsPerWeek: 0.5))
        #expect(try WeightGoal(parsing: "Maintain") == .maintain)
        #expect(try WeightGoal(parsing: "gain 0.25") == .gain(kilogramsPerWeek: 0.25))
        #expect(throws: NutritionError.self) { try WeightGoal(parsing: "lose 3") }
        #expect(throws: NutritionError.self) { try WeightGoal(parsing: "gain 1") }
        #expect(throws: NutritionError.self) { try WeightGoal(parsing: "lose") }
        do {
            _ = try WeightGoal(parsing: "lose 2")
        } catch {
            #expect(error.description.contains("lose 2 kg a week is not a rate the hub plans for"))
            #expect(error.description.contains("lose 0.25"))
        }
    }
}
