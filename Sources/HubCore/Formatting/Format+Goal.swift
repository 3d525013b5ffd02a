extension Format {
    /// A goal as people read it: "distance 5.00 km", "duration 45:00", "8000 steps", "500 kcal".
    public static func goal(_ goal: Goal) -> String {
        switch goal.kind {
        case .distance: "distance " + distance(meters: goal.target)
        case .duration: "duration " + clock(seconds: wholeNumber(goal.target))
        case .steps: stepCount(goal.target)
        case .kcal: energy(kilocalories: goal.target)
        }
    }

    /// "1 step", "8000 steps": as written, however large (an old database may hold 1e20).
    private static func stepCount(_ target: Double) -> String {
        let count = fixed(target, decimals: 0)
        return count == "1" ? "1 step" : count + " steps"
    }
}
