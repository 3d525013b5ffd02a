import HubCore

/// The one-line summary of a workout in progress, e.g.
/// `▶ 12:34  2.41 km  5:12 /km  ♥ 142  183 kcal  goal 48%`.
public enum StatusLine {
    public static func text(for progress: WorkoutProgress, plain: Bool = false) -> String {
        let symbol: String
        switch progress.state {
        case .running: symbol = plain ? "running" : "▶"
        case .paused: symbol = plain ? "paused" : "⏸"
        case .idle, .finished: symbol = plain ? "stopped" : "■"
        }
        var parts = [symbol, Format.clock(progress.moving)]
        // Distance and pace only where something measures them (not "0 m  –:– /km" indoors).
        if let distance = Format.measuredDistance(meters: progress.totals.distanceMeters) {
            parts += [distance, Format.pace(metersPerSecond: progress.currentSpeedMetersPerSecond)]
        }
        parts += [
            (plain ? "HR " : "♥ ") + (progress.currentHeartRate.map(String.init) ?? "--"),
            Format.energy(kilocalories: progress.totals.kilocalories),
        ]
        if let steps = progress.totals.steps { parts.append(Format.counted(steps, "step")) }
        if let goal = progress.goal { parts.append("goal \(goal.percent)%") }
        return parts.joined(separator: "  ")
    }
}
