import HubCore

/// The one-line summary of a workout in progress, e.g.
/// `▶ 12:34  2.41 km  5:12 /km  ♥ 142  183 kcal  goal 48%`, or on a bike
/// `▶ Indoor ride 24:10  12.4 km  31.2 km/h  212 W  88 rpm  ♥ 146  320 kcal`.
public enum StatusLine {
    /// - Parameter goal: the latest progress towards the goal; shown when it is this workout's.
    public static func text(for progress: WorkoutProgress, goal: GoalProgress? = nil, plain: Bool = false) -> String {
        let symbol: String
        switch progress.state {
        case .running: symbol = plain ? "running" : "▶"
        case .paused: symbol = plain ? "paused" : "⏸"
        case .idle, .finished: symbol = plain ? "stopped" : "■"
        }
        // A run says nothing of its kind, as before kinds; every other kind is named.
        var parts = [symbol] + (progress.kind == .run ? [] : [progress.kind.name]) + [Format.clock(progress.moving)]
        if progress.isAutoPaused { parts.append("auto-paused") }
        // Distance and pace only where something measures them (not "0 m  –:– /km" indoors).
        if let distance = Format.measuredDistance(meters: progress.totals.distanceMeters) {
            parts += [
                distance, Format.howFast(metersPerSecond: progress.currentSpeedMetersPerSecond, kind: progress.kind),
            ]
        }
        if let watts = progress.threeSecondPowerWatts ?? progress.currentPowerWatts.map(Double.init) {
            parts.append("\(Format.wholeNumber(watts.rounded())) W")
        }
        if let cadence = progress.currentCadence { parts.append("\(cadence) \(Format.cadenceUnit(of: progress.kind))") }
        parts += [
            (plain ? "HR " : "♥ ") + (progress.currentHeartRate.map(String.init) ?? "--"),
            Format.energy(kilocalories: progress.totals.kilocalories),
        ]
        if let steps = progress.totals.steps { parts.append(Format.counted(steps, "step")) }
        if let goal, goal.workoutID == progress.workoutID { parts.append("goal \(goal.percent)%") }
        return parts.joined(separator: "  ")
    }
}
