import Foundation
import HubCore

/// A workout's figures as `stayfit workouts show` prints them and the web app's workout page shows them: a label
/// and its value per row, in the configured units, each only where it was measured.
///
/// ```
/// Started     2026-11-27 07:30, ended 2026-11-27 08:15
/// Heart rate  avg 142, max 171 bpm
/// ```
public enum WorkoutFigures {
    /// One figure: "Moving time", "42:10".
    public struct Row: Sendable, Equatable {
        public var label: String
        public var value: String

        public init(_ label: String, _ value: String) { (self.label, self.value) = (label, value) }
    }

    /// The figures of `workout`'s totals, from its start to its goal.
    public static func rows(_ workout: Workout, units: UnitSystem) -> [Row] {
        let totals = workout.totals
        var rows = [
            Row(
                "Started",
                Format.dateTime(workout.startedAt) + (workout.endedAt.map { ", ended \(Format.dateTime($0))" } ?? "")),
            Row("Kind", workout.kind.name),
            Row("Moving time", Format.clock(seconds: totals.movingSeconds)),
        ]
        if let endedAt = workout.endedAt {
            let elapsed = Int(endedAt.timeIntervalSince(workout.startedAt).rounded())
            if elapsed > totals.movingSeconds { rows.append(Row("Elapsed", Format.clock(seconds: elapsed))) }
        }
        // In the configured units, as the splits are; distance, speed and pace only where measured.
        if totals.distanceMeters > 0 {
            rows.append(Row("Distance", units.distance(meters: totals.distanceMeters)))
            let speeds = [
                "avg " + units.speed(metersPerSecond: totals.averageSpeedMetersPerSecond),
                "min " + units.speed(metersPerSecond: totals.minSpeedMetersPerSecond),
                "max " + units.speed(metersPerSecond: totals.maxSpeedMetersPerSecond),
            ]
            rows.append(Row("Speed", speeds.joined(separator: ", ")))
            rows.append(Row("Pace", units.pace(metersPerSecond: totals.averageSpeedMetersPerSecond)))
        }
        rows.append(
            Row(
                "Heart rate",
                "avg \(totals.averageHeartRate.map { "\(Int($0.rounded()))" } ?? "--"), "
                    + "max \(totals.maxHeartRate.map(String.init) ?? "--") bpm"))
        rows += powerAndCadence(totals, of: workout.kind)
        rows.append(Row("Energy", Format.energy(kilocalories: totals.kilocalories)))
        if let steps = totals.steps { rows.append(Row("Steps", "\(steps)")) }
        if let rmssd = totals.rmssdMilliseconds {
            rows.append(Row("HRV", "RMSSD \(Format.fixed(rmssd, decimals: 1)) ms"))
        }
        if let goal = workout.goal { rows.append(Row("Goal", Format.goal(goal))) }
        return rows
    }

    /// "Power: avg 205 W, max 410 W, normalised 221 W, 512 kJ" and "Cadence: avg 88 rpm, max 104 rpm", for the
    /// totals that have them.
    public static func powerAndCadence(_ totals: WorkoutTotals, of kind: WorkoutKind) -> [Row] {
        var rows: [Row] = []
        if let average = totals.averagePower {
            var parts = ["avg \(Format.wholeNumber(average.rounded())) W"]
            if let max = totals.maxPower { parts.append("max \(max) W") }
            if let normalized = totals.normalizedPower {
                parts.append("normalised \(Format.wholeNumber(normalized.rounded())) W")
            }
            if let work = totals.workKilojoules { parts.append("\(Format.wholeNumber(work.rounded())) kJ") }
            rows.append(Row("Power", parts.joined(separator: ", ")))
        }
        if let average = totals.averageCadence {
            let unit = Format.cadenceUnit(of: kind)
            var parts = ["avg \(Format.wholeNumber(average.rounded())) \(unit)"]
            if let max = totals.maxCadence { parts.append("max \(max) \(unit)") }
            rows.append(Row("Cadence", parts.joined(separator: ", ")))
        }
        return rows
    }
}
