extension DailyTarget {
    /// "= 1624 basal × 1.2 (sedentary) + 450 from workouts − 550 to lose 0.5 kg a week", and the floor when it
    /// holds: how `stayfit today` and the web's today page show where the target comes from.
    public func working(level: ActivityLevel, goal: WeightGoal) -> String {
        var text = "= \(basalKilocalories) basal × \(level.factor) (\(level.rawValue))"
        if workoutKilocalories > 0 { text += " + \(workoutKilocalories) from workouts" }
        switch goal {
        case .maintain: break
        case .lose(let rate): text += " − \(goalKilocalories) to lose \(rate) kg a week"
        case .gain(let rate): text += " + \(-goalKilocalories) to gain \(rate) kg a week"
        }
        if heldAtFloor { text += "; held at \(kilocalories), the least the hub plans for" }
        return text
    }
}
