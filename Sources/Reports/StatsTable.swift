import Foundation
import HubCore
import Reports

/// `stayfit stats` as text: a table of total, average and maximum, the comparison, the days and the RMSSD trend.
enum StatsTable {
    static func lines(_ report: PeriodReport, units: UnitSystem) -> [String] {
        let statistics = report.statistics
        var lines = ["Workouts, \(report.title)"]
        guard statistics.count > 0 || report.previous != nil else {
            return lines + ["No finished workouts. Record one with 'stayfit run', or try: stayfit demo"]
        }
        lines.append(row("", "total", "average", "maximum"))
        lines.append(row("Workouts", "\(statistics.count)", "", ""))
        let clock = { (value: Double?) in value.map { Format.clock(seconds: Int($0.rounded())) } ?? "–" }
        let distance = { (value: Double?) in value.map { units.distance(meters: $0) } ?? "–" }
        let number = { (value: Double?) in value.map { Format.fixed($0, decimals: 0) } ?? "–" }
        let kcal = { (value: Double?) in value.map { Format.energy(kilocalories: $0) } ?? "–" }
        let speed = { (value: Double?) in units.speed(metersPerSecond: value) }
        let m = statistics
        lines.append(
            row(
                "Moving time", clock(m.durationSeconds.total), clock(m.durationSeconds.average),
                clock(m.durationSeconds.maximum)))
        lines.append(
            row(
                "Distance", distance(m.distanceMeters.total), distance(m.distanceMeters.average),
                distance(m.distanceMeters.maximum)))
        lines.append(row("Steps", number(m.steps.total), number(m.steps.average), number(m.steps.maximum)))
        lines.append(
            row("Energy", kcal(m.kilocalories.total), kcal(m.kilocalories.average), kcal(m.kilocalories.maximum)))
        lines.append(
            row(
                "Heart rate", "", m.heartRate.average.map { number($0) + " bpm" } ?? "–",
                m.heartRate.maximum.map { number($0) + " bpm" } ?? "–"))
        lines.append(row("Speed", "", speed(m.speedMetersPerSecond.average), speed(m.speedMetersPerSecond.maximum)))
        // Only where a power meter or a trainer measured it: a runner's table has no empty power row.
        if let average = m.power.average {
            lines.append(
                row(
                    "Power", m.workKilojoules.total.map { number($0) + " kJ" } ?? "", number(average) + " W",
                    m.power.maximum.map { number($0) + " W" } ?? "–"))
        }
        if let previous = report.previous, let name = report.previousName {
            let label = report.period == .week ? "Last 7 days" : "This \(report.period.rawValue)"
            lines.append("")
            lines.append(
                "\(label) vs \(name): \(statistics.count) vs \(Format.counted(previous.count, "workout")) \(change(Double(statistics.count), Double(previous.count))), "
                    + "\(distance(m.distanceMeters.total ?? 0)) vs \(distance(previous.distanceMeters.total ?? 0)) "
                    + "\(change(m.distanceMeters.total, previous.distanceMeters.total)), "
                    + "\(clock(m.durationSeconds.total ?? 0)) vs \(clock(previous.durationSeconds.total ?? 0)) "
                    + "\(change(m.durationSeconds.total, previous.durationSeconds.total)), "
                    + "\(kcal(m.kilocalories.total ?? 0)) vs \(kcal(previous.kilocalories.total ?? 0)) "
                    + "\(change(m.kilocalories.total, previous.kilocalories.total))")
        }
        if !report.days.isEmpty, report.days.count > 1 {
            lines.append("")
            for day in report.days {
                let s = day.statistics
                lines.append(
                    pad(day.label, 12)
                        + (s.count == 0
                            ? "–"
                            : pad("\(s.count) workout\(s.count == 1 ? "" : "s")", 11)
                                + pad(clock(s.durationSeconds.total), 9)
                                + pad(distance(s.distanceMeters.total), 10) + kcal(s.kilocalories.total)))
            }
        }
        if !report.restingVariability.isEmpty {
            lines.append("")
            lines.append(
                "Heart-rate variability (RMSSD of the all-day log): "
                    + report.restingVariability.map {
                        "\(LocalDay($0.day)?.shortLabel ?? $0.day) \(Format.fixed($0.rmssdMilliseconds, decimals: 0)) ms"
                    }.joined(separator: ", "))
        }
        return lines
    }

    /// `(+12%)`, `(−5%)`, `(new)` when there was nothing before, `(=)` when equal.
    static func change(_ now: Double?, _ before: Double?) -> String {
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
