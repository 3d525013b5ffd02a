import Foundation
import HubCore

/// `stayfit stats` as text, and its parts for the web app's statistics page: the table of total, average and
/// maximum, the comparison with the period before, the days and the RMSSD trend.
public enum StatsTable {
    /// One row of the table: "Distance", its total, average and maximum ("–" where there is none, "" where the
    /// column means nothing, such as a total heart rate).
    public struct Row: Sendable, Equatable {
        public var label: String
        public var total: String
        public var average: String
        public var maximum: String
    }

    /// The CLI's lines.
    public static func lines(_ report: PeriodReport, units: UnitSystem) -> [String] {
        var lines = ["Workouts, \(report.title)"]
        let rows = self.rows(report, units: units)
        guard !rows.isEmpty else {
            return lines + ["No finished workouts. Record one with 'stayfit run', or try: stayfit demo"]
        }
        lines.append(row("", "total", "average", "maximum"))
        lines += rows.map { row($0.label, $0.total, $0.average, $0.maximum) }
        if let comparison = comparison(report, units: units) {
            lines.append("")
            lines.append(comparison)
        }
        if report.days.count > 1 {
            lines.append("")
            for day in report.days {
                let cells = dayCells(day, units: units)
                lines.append(
                    pad(day.label, 12)
                        + (cells.isEmpty
                            ? "–" : pad(cells[0], 11) + pad(cells[1], 9) + pad(cells[2], 10) + cells[3]))
            }
        }
        if let variability = variability(report) {
            lines.append("")
            lines.append(variability)
        }
        return lines
    }

    /// The table's rows; empty when the period and the one before have no finished workout.
    public static func rows(_ report: PeriodReport, units: UnitSystem) -> [Row] {
        let m = report.statistics
        guard m.count > 0 || report.previous != nil else { return [] }
        let clock = { (value: Double?) in value.map { Format.clock(seconds: Int($0.rounded())) } ?? "–" }
        let distance = { (value: Double?) in value.map { units.distance(meters: $0) } ?? "–" }
        let number = { (value: Double?) in value.map { Format.fixed($0, decimals: 0) } ?? "–" }
        let kcal = { (value: Double?) in value.map { Format.energy(kilocalories: $0) } ?? "–" }
        let speed = { (value: Double?) in units.speed(metersPerSecond: value) }
        var rows = [
            Row(label: "Workouts", total: "\(m.count)", average: "", maximum: ""),
            Row(
                label: "Moving time", total: clock(m.durationSeconds.total), average: clock(m.durationSeconds.average),
                maximum: clock(m.durationSeconds.maximum)),
            Row(
                label: "Distance", total: distance(m.distanceMeters.total),
                average: distance(m.distanceMeters.average), maximum: distance(m.distanceMeters.maximum)),
            Row(
                label: "Steps", total: number(m.steps.total), average: number(m.steps.average),
                maximum: number(m.steps.maximum)),
            Row(
                label: "Energy", total: kcal(m.kilocalories.total), average: kcal(m.kilocalories.average),
                maximum: kcal(m.kilocalories.maximum)),
            Row(
                label: "Heart rate", total: "", average: m.heartRate.average.map { number($0) + " bpm" } ?? "–",
                maximum: m.heartRate.maximum.map { number($0) + " bpm" } ?? "–"),
            Row(
                label: "Speed", total: "", average: speed(m.speedMetersPerSecond.average),
                maximum: speed(m.speedMetersPerSecond.maximum)),
        ]
        // Only where a power meter or a trainer measured it: a runner's table has no empty power row.
        if let average = m.power.average {
            rows.append(
                Row(
                    label: "Power", total: m.workKilojoules.total.map { number($0) + " kJ" } ?? "",
                    average: number(average) + " W", maximum: m.power.maximum.map { number($0) + " W" } ?? "–"))
        }
        return rows
    }

    /// "Last 7 days vs the 7 before: 3 vs 2 workouts (+50%), …", or nil without a period before.
    public static func comparison(_ report: PeriodReport, units: UnitSystem) -> String? {
        guard let previous = report.previous, let name = report.previousName else { return nil }
        let m = report.statistics
        let clock = { (value: Double) in Format.clock(seconds: Int(value.rounded())) }
        let label = report.period == .week ? "Last 7 days" : "This \(report.period.rawValue)"
        return
            "\(label) vs \(name): \(m.count) vs \(Format.counted(previous.count, "workout")) \(change(Double(m.count), Double(previous.count))), "
            + "\(units.distance(meters: m.distanceMeters.total ?? 0)) vs \(units.distance(meters: previous.distanceMeters.total ?? 0)) "
            + "\(change(m.distanceMeters.total, previous.distanceMeters.total)), "
            + "\(clock(m.durationSeconds.total ?? 0)) vs \(clock(previous.durationSeconds.total ?? 0)) "
            + "\(change(m.durationSeconds.total, previous.durationSeconds.total)), "
            + "\(Format.energy(kilocalories: m.kilocalories.total ?? 0)) vs \(Format.energy(kilocalories: previous.kilocalories.total ?? 0)) "
            + "\(change(m.kilocalories.total, previous.kilocalories.total))"
    }

    /// A day's workouts, moving time, distance and energy ("2 workouts", "1:05:00", "12.40 km", "640 kcal"), or
    /// empty for a day without a workout.
    public static func dayCells(_ day: PeriodReport.Day, units: UnitSystem) -> [String] {
        let s = day.statistics
        guard s.count > 0 else { return [] }
        return [
            "\(s.count) workout\(s.count == 1 ? "" : "s")",
            s.durationSeconds.total.map { Format.clock(seconds: Int($0.rounded())) } ?? "–",
            s.distanceMeters.total.map { units.distance(meters: $0) } ?? "–",
            s.kilocalories.total.map { Format.energy(kilocalories: $0) } ?? "–",
        ]
    }

    /// "Heart-rate variability (RMSSD of the all-day log): Mon 23 Nov 42 ms, …", or nil without a day of it.
    public static func variability(_ report: PeriodReport) -> String? {
        guard !report.restingVariability.isEmpty else { return nil }
        return "Heart-rate variability (RMSSD of the all-day log): "
            + report.restingVariability.map {
                "\(LocalDay($0.day)?.shortLabel ?? $0.day) \(Format.fixed($0.rmssdMilliseconds, decimals: 0)) ms"
            }.joined(separator: ", ")
    }

    /// `(+12%)`, `(−5%)`, `(new)` when there was nothing before, `(=)` when equal.
    public static func change(_ now: Double?, _ before: Double?) -> String {
        let (now, before) = (now ?? 0, before ?? 0)
        if now == before { return "(=)" }
        guard before > 0 else { return "(new)" }
        let percent = ((now - before) / before * 100).rounded()
        return percent >= 0 ? "(+\(Format.fixed(percent, decimals: 0))%)" : "(−\(Format.fixed(-percent, decimals: 0))%)"
    }

    private static func row(_ label: String, _ total: String, _ average: String, _ maximum: String) -> String {
        var text = pad(label, 13) + pad(total, 13) + pad(average, 13) + maximum
        while text.last == " " { text.removeLast() }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
