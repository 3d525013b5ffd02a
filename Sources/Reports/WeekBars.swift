import Foundation
import HubCore

/// `stayfit stats --period week --svg`: a bar per day of distance (or of moving time when nothing had a
/// distance), with the numbers on the bars and the period's totals above.
public enum WeekBars {
    /// The SVG text for `report`'s days.
    public static func svg(_ report: PeriodReport, units: UnitSystem) -> String {
        var svg = SVGDocument(width: 900, height: 380)
        let byDistance = report.days.contains { ($0.statistics.distanceMeters.total ?? 0) > 0 }
        let values = report.days.map {
            byDistance
                ? ($0.statistics.distanceMeters.total ?? 0) / units.splitMeters
                : ($0.statistics.durationSeconds.total ?? 0) / 60
        }
        let statistics = report.statistics
        svg.text("Workouts, \(report.title)", x: 14, y: 26, size: 18, bold: true)
        svg.text(
            "\(statistics.count) workout\(statistics.count == 1 ? "" : "s")  ·  \(units.distance(meters: statistics.distanceMeters.total ?? 0))  ·  "
                + "\(Format.clock(seconds: Int(statistics.durationSeconds.total ?? 0)))  ·  "
                + "\(Format.energy(kilocalories: statistics.kilocalories.total ?? 0))",
            x: 14, y: 46, size: 13, fill: "#555555")
        let left = 60.0, right = 880.0, top = 70.0, bottom = 330.0
        let high = max(values.max() ?? 0, byDistance ? 1 : 10)
        let step = SVGTimePanel.niceStep(high / 4)
        let topValue = (high / step).rounded(.up) * step
        var value = 0.0
        while value <= topValue + step / 2 {
            let y = bottom - value / topValue * (bottom - top)
            svg.line(x1: left, y1: y, x2: right, y2: y, stroke: "#e0e0e0")
            svg.text(
                Format.fixed(value, decimals: SVGTimePanel.decimals(for: step)), x: left - 8, y: y + 4, size: 11,
                anchor: "end")
            value += step
        }
        svg.text(byDistance ? units.distanceUnit : "min", x: left - 8, y: top - 14, size: 11, anchor: "end")
        let slot = (right - left) / Double(max(values.count, 1))
        for (index, day) in report.days.enumerated() {
            let x = left + Double(index) * slot
            let height = values[index] / topValue * (bottom - top)
            svg.rect(
                x: x + slot * 0.18, y: bottom - height, width: slot * 0.64, height: height, fill: "#1565c0", radius: 3)
            if values[index] > 0 {
                svg.text(
                    byDistance
                        ? Format.fixed(values[index], decimals: 1) : Format.clock(seconds: Int(values[index] * 60)),
                    x: x + slot / 2, y: bottom - height - 6, size: 12, anchor: "middle", bold: true)
            }
            svg.text(day.label, x: x + slot / 2, y: bottom + 18, size: 12, anchor: "middle")
            if day.statistics.count > 1 {
                svg.text(
                    "\(day.statistics.count) workouts", x: x + slot / 2, y: bottom + 34, size: 10, anchor: "middle",
                    fill: "#777777")
            }
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#999999")
        return svg.text
    }
}
