import HubCore
import Testing

@Suite struct GoalInputTests {
    @Test(arguments: [
        (GoalKind.distance, "5km", 5_000.0),
        (.distance, "800m", 800),
        (.distance, "5", 5_000),
        (.distance, " 2.5 KM ", 2_500),
        (.duration, "45min", 2_700),
        (.duration, "1.5h", 5_400),
        (.duration, "90s", 90),
        (.duration, "45", 2_700),
        (.steps, "8000 steps", 8_000),
        (.steps, "8000", 8_000),
        (.kcal, "400 kcal", 400),
        (.kcal, "250.5", 250.5),
    ])
    func parsesAGoalAsAPersonTypesIt(kind: GoalKind, value: String, target: Double) throws {
        #expect(try GoalInput.parse(kind: kind, value: value) == Goal(kind: kind, target: target))
    }

    @Test(arguments: [
        (GoalKind.distance, ""),
        (.distance, "-5"),
        (.distance, "abc"),
        (.distance, "5 parsecs"),
        (.distance, "0"),
        (.distance, "km"),
        (.duration, "1.2.3h"),
        (.duration, "45 sec"),
        (.duration, "45m"),  // "m" is metres, never minutes
        (.steps, "1.5"),
        (.steps, "8000 kcal"),
        (.kcal, "-400"),
        (.kcal, "400 kJ"),
    ])
    func rejectsAnImproperGoal(kind: GoalKind, value: String) throws {
        let error = try #require(throws: GoalInputError.self) { try GoalInput.parse(kind: kind, value: value) }
        #expect(error.kind == kind)
        #expect(error.value == value)
        #expect(error.description.hasPrefix("\"\(value)\" is not a \(kind.rawValue) goal; write it as "))
    }

    @Test(arguments: [
        (Goal(kind: .distance, target: 5_000), "distance 5.00 km"),
        (Goal(kind: .distance, target: 800), "distance 800 m"),
        (Goal(kind: .duration, target: 2_700), "duration 45:00"),
        (Goal(kind: .steps, target: 8_000), "8000 steps"),
        (Goal(kind: .kcal, target: 400), "400 kcal"),
    ])
    func describesAGoalAsAPersonWouldSayIt(goal: Goal, text: String) {
        #expect(GoalInput.describe(goal) == text)
    }
}
