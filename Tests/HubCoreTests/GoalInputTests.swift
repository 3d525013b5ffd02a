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
        (GoalKind.distance, "-5"),
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
        #expect(error.problem == .unreadable)
        #expect(error.description.contains(": \"\(value)\" is not a \(kind.rawValue) goal; write it as "))
    }

    /// Each message starts with the original app's words for its kind.
    @Test(arguments: [
        (GoalKind.distance, "abc", "Enter Proper Distance: \"abc\" is not a distance goal; write it as 5km, 800m"),
        (.duration, "45m", "Enter Proper Duration: \"45m\" is not a duration goal; write it as 45min, 1.5h"),
        (.steps, "1.5", "Enter Proper Steps: \"1.5\" is not a steps goal; write it as a whole number"),
        (.kcal, "400 kJ", "Enter Proper Calories: \"400 kJ\" is not a kcal goal; write it as a number"),
        (.distance, "0.5m", "Enter Proper Distance: \"0.5m\" is out of range for a distance goal"),
        (.duration, "25h", "Enter Proper Duration: \"25h\" is out of range for a duration goal"),
        (.steps, "1000001", "Enter Proper Steps: \"1000001\" is out of range for a steps goal"),
        (.kcal, "50001", "Enter Proper Calories: \"50001\" is out of range for a kcal goal"),
    ])
    func anImproperValueStartsWithTheOriginalAppsWords(kind: GoalKind, value: String, start: String) throws {
        let error = try #require(throws: GoalInputError.self) { try GoalInput.parse(kind: kind, value: value) }
        #expect(error.description.hasPrefix(start), "\(error)")
    }

    @Test(arguments: [(GoalKind.distance, ""), (.duration, "   "), (.steps, ""), (.kcal, "\t")])
    func anEmptyValueIsEmptyFields(kind: GoalKind, value: String) throws {
        let error = try #require(throws: GoalInputError.self) { try GoalInput.parse(kind: kind, value: value) }
        #expect(error.problem == .empty)
        #expect(error.description.hasPrefix("Empty Fields: "), "\(error)")
    }

    @Test func enablingWithoutAGoalSaysSelectGoalType() {
        #expect(GoalInput.selectGoalTypeMessage.hasPrefix("Select Goal Type: "))
        #expect(GoalInput.selectGoalTypeMessage.contains("stayfit goals set"))
    }

    @Test(arguments: [
        (Goal(kind: .distance, target: 5_000), "distance 5.00 km"),
        (Goal(kind: .distance, target: 800), "distance 800 m"),
        (Goal(kind: .duration, target: 2_700), "duration 45:00"),
        (Goal(kind: .steps, target: 8_000), "8000 steps"),
        (Goal(kind: .steps, target: 1), "1 step"),
        (Goal(kind: .kcal, target: 400), "400 kcal"),
    ])
    func describesAGoalAsAPersonWouldSayIt(goal: Goal, text: String) {
        #expect(GoalInput.describe(goal) == text)
    }

    @Test(arguments: [
        (GoalKind.distance, "1000km", 1_000_000.0), (.distance, "1m", 1), (.duration, "24h", 86_400),
        (.duration, "1s", 1),
        (.steps, "1000000", 1_000_000), (.steps, "1", 1), (.kcal, "50000", 50_000), (.kcal, "1", 1),
    ])
    func acceptsTheLimitsOfEachKind(kind: GoalKind, value: String, target: Double) throws {
        #expect(try GoalInput.parse(kind: kind, value: value) == Goal(kind: kind, target: target))
    }

    @Test(arguments: [
        (GoalKind.steps, "99999999999999999999", "from 1 to 1000000 steps"),
        (.steps, "1000001", "from 1 to 1000000 steps"),
        (.distance, "1000.001km", "from 1m to 1000km"),
        (.distance, "0.5m", "from 1m to 1000km"),
        (.distance, "1" + String(repeating: "0", count: 400), "from 1m to 1000km"),  // a Double of infinity
        (.duration, "24.01h", "from 1s to 24h"),
        (.duration, "0.5s", "from 1s to 24h"),
        (.kcal, "50001", "from 1 to 50000 kcal"),
        (.kcal, "0.001", "from 1 to 50000 kcal"),
    ])
    func refusesAGoalOutsideItsKindsRange(kind: GoalKind, value: String, limits: String) throws {
        let error = try #require(throws: GoalInputError.self) { try GoalInput.parse(kind: kind, value: value) }
        #expect(error.isOutOfRange)
        #expect(error.description.hasPrefix(GoalInput.improperValueWords(for: kind) + ": "))
        #expect(error.description.hasSuffix("is out of range for a \(kind.rawValue) goal; it must be \(limits)"))
    }

    @Test func anEchoedValueIsShortAndHasNoControlCharacters() throws {
        let error = try #require(throws: GoalInputError.self) {
            try GoalInput.parse(kind: .distance, value: "\u{1B}[2J" + String(repeating: "x", count: 10_000))
        }
        #expect(
            error.description.hasPrefix(
                "Enter Proper Distance: \"\\u{1B}[2J" + String(repeating: "x", count: 56) + "…\" is not a distance goal"
            ))
        #expect(!error.description.contains("\u{1B}"))
    }

    /// Goals stored before the limits existed: someone's database may hold any number.
    @Test(arguments: [
        (Goal(kind: .steps, target: 1e20), "100000000000000000000 steps"),
        (Goal(kind: .duration, target: 1e20), "duration 2562047788015215:30:07"),
        (Goal(kind: .distance, target: 1e20), "distance 100000000000000000.00 km"),
        (Goal(kind: .kcal, target: .infinity), "– kcal"),
        (Goal(kind: .duration, target: .nan), "duration 0:00"),
    ])
    func describesAnAbsurdStoredGoalWithoutTrapping(goal: Goal, text: String) {
        #expect(GoalInput.describe(goal) == text)
    }

    @Test func progressTowardsATinyStoredTargetIsAHundredPercent() {
        #expect(GoalProgress(workoutID: 1, goal: Goal(kind: .kcal, target: 1e-300), value: 5).percent == 100)
        #expect(GoalProgress(workoutID: 1, goal: Goal(kind: .steps, target: 1e20), value: 5_000).percent == 0)
        #expect(GoalProgress(workoutID: 1, goal: Goal(kind: .steps, target: 8_000), value: 4_000).percent == 50)
    }
}
