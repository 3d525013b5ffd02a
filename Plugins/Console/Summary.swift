import HubCore

/// The closing summary of a finished workout, in plain words.
public enum Summary {
    public static func text(for workout: Workout) -> String {
        let totals = workout.totals
        var parts = ["Workout \(workout.id) finished: \(Format.clock(seconds: totals.movingSeconds))"]
        // Distance and pace only where something measured them (not "0 m, avg –:– /km" indoors).
        if let distance = Format.measuredDistance(meters: totals.distanceMeters) {
            parts += [
                distance,
                "avg " + Format.howFast(metersPerSecond: totals.averageSpeedMetersPerSecond, kind: workout.kind),
            ]
        }
        if let power = totals.averagePower { parts.append("avg \(Format.wholeNumber(power.rounded())) W") }
        if let cadence = totals.averageCadence {
            parts.append("avg \(Format.wholeNumber(cadence.rounded())) \(Format.cadenceUnit(of: workout.kind))")
        }
        parts.append(Format.energy(kilocalories: totals.kilocalories))
        if let heartRate = totals.averageHeartRate {
            parts.append("avg HR \(Int(heartRate.rounded()))" + (totals.maxHeartRate.map { ", max \($0)" } ?? ""))
        }
        if let steps = totals.steps { parts.append(Format.counted(steps, "step")) }
        if let rmssd = totals.rmssdMilliseconds { parts.append("HRV (RMSSD) \(Int(rmssd.rounded())) ms") }
        return parts.joined(separator: ", ") + "."
    }
}
