import HubCore

extension Goal {
    /// How far `totals` are towards this goal, in its unit: metres, seconds, steps or kcal.
    ///
    /// Every one of them only grows while a workout runs, so the first second at or past the target is the one
    /// that reached it.
    func value(of totals: WorkoutTotals) -> Double {
        switch kind {
        case .distance: totals.distanceMeters
        case .duration: Double(totals.movingSeconds)
        case .steps: Double(totals.steps ?? 0)
        case .kcal: totals.kilocalories
        }
    }
}
