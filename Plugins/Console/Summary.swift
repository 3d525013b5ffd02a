import HubCore

/// The closing summary of a finished workout, in plain words.
public enum Summary {
    public static func text(for workout: Workout) -> String {
        let totals = workout.totals
        var parts = [
            "Workout \(workout.id) finished: \(Format.clock(seconds: totals.movingSeconds))",
            Format.distance(meters: totals.distanceMeters),
            "avg " + Format.pace(metersPerSecond: totals.averageSpeedMetersPerSecond),
            Format.energy(kilocalories: totals.kilocalories),
        ]
        if let heartRate = totals.averageHeartRate {
            parts.append("avg HR \(Int(heartRate.rounded()))" + (totals.maxHeartRate.map { ", max \($0)" } ?? ""))
        }
        if let steps = totals.steps { parts.append(Format.counted(steps, "step")) }
        if let rmssd = totals.rmssdMilliseconds { parts.append("HRV (RMSSD) \(Int(rmssd.rounded())) ms") }
        return parts.joined(separator: ", ") + "."
    }
}
