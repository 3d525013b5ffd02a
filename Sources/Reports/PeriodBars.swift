import Foundation
import HubCore

/// `stayfit stats --svg`: a bar of distance (or of moving time when nothing had a distance) per day of a day, a
/// week or a month, per month of a year and per year of all time, with the period's totals above.
///
/// Labels are laid out by their width in the document's monospaced font, so none ever meets another: a month's
/// days are labelled every day, every other day, on Mondays or on every other Monday, whichever is the most that
/// fits the width; a bar's number is written over every bar or over none.
public enum PeriodBars {
    /// The narrowest picture drawn; a smaller `width` is widened to it.
    public static let minimumWidth = 320.0

    /// The SVG text of `report`'s bars, `width` pixels wide.
    public static func svg(_ report: PeriodReport, units: UnitSystem, width: Double = 900) -> String {
        let width = max(width, minimumWidth)
        var svg = SVGDocument(width: width, height: 380)
        let statistics = report.statistics
        let title = "Workouts, \(report.title)"
        svg.text(title, x: 14, y: 26, size: SVGDocument.fittingSize(title, size: 18, width: width - 28), bold: true)
        let summary =
            "\(statistics.count) workout\(statistics.count == 1 ? "" : "s")  ·  "
            + "\(units.distance(meters: statistics.distanceMeters.total ?? 0))  ·  "
            + "\(Format.clock(seconds: Int(statistics.durationSeconds.total ?? 0)))  ·  "
            + "\(Format.energy(kilocalories: statistics.kilocalories.total ?? 0))"
        svg.text(
            summary, x: 14, y: 46, size: SVGDocument.fittingSize(summary, size: 13, width: width - 28),
            fill: "#555555")
        let bars = Bar.bars(of: report)
        let byDistance = bars.contains { ($0.statistics.distanceMeters.total ?? 0) > 0 }
        let values = bars.map {
            byDistance
                ? ($0.statistics.distanceMeters.total ?? 0) / units.splitMeters
                : ($0.statistics.durationSeconds.total ?? 0) / 60
        }
        let top = 88.0, bottom = 310.0
        let high = max(values.max() ?? 0, byDistance ? 1 : 10)
        let step = SVGTimePanel.niceStep(high / 4)
        let topValue = (high / step).rounded(.up) * step
        let ticks = stride(from: 0.0, through: topValue + step / 2, by: step).map {
            Format.fixed($0, decimals: SVGTimePanel.decimals(for: step))
        }
        let left = 22 + (ticks.map { SVGDocument.textWidth($0, size: 11) }.max() ?? 0), right = width - 20
        let unit = "\(byDistance ? units.distanceUnit : "min") per \(Bar.unitName(of: report.period))"
        svg.text(unit, x: 14, y: 64, size: 11, fill: "#555555")
        let slot = (right - left) / Double(max(bars.count, 1))
        let centre = { (index: Int) in left + (Double(index) + 0.5) * slot }
        for (index, bar) in bars.enumerated() where bar.isWeekend {
            svg.rect(x: centre(index) - slot / 2, y: top, width: slot, height: bottom - top, fill: "#f1f1f1")
        }
        for (index, label) in ticks.enumerated() {
            let y = bottom - Double(index) * step / topValue * (bottom - top)
            svg.line(x1: left, y1: y, x2: right, y2: y, stroke: "#e0e0e0")
            svg.text(label, x: left - 8, y: y + 4, size: 11, anchor: "end")
        }
        if bars.isEmpty {
            svg.text("no workouts", x: (left + right) / 2, y: (top + bottom) / 2, anchor: "middle", fill: "#888888")
        }
        let numbers = zip(bars, values).map { bar, value in
            value <= 0
                ? "" : byDistance ? Format.fixed(value, decimals: 1) : Format.clock(seconds: Int(value * 60))
        }
        // Every bar's number or none: a chart with some numbers missing reads as if those bars had none.
        let numberSize = [12.0, 10].first { size in numbers.allSatisfy { fits($0, size: size, in: slot) } }
        for (index, value) in values.enumerated() {
            let height = value / topValue * (bottom - top)
            // A day's one bar as wide as the chart would read as a block, not a bar.
            let barWidth = min(slot * 0.64, 90)
            svg.rect(
                x: centre(index) - barWidth / 2, y: bottom - height, width: barWidth, height: height,
                fill: "#1565c0", radius: min(3, slot * 0.1))
            if let numberSize, !numbers[index].isEmpty {
                svg.text(
                    numbers[index], x: centre(index), y: bottom - height - 6, size: numberSize, anchor: "middle",
                    bold: true)
            }
        }
        if let (step, form) = labelLayout(bars, centre: centre, width: width) {
            for (index, bar) in bars.enumerated() where bar.isLabelled(every: step) {
                svg.text(
                    bar.labels[min(form, bar.labels.count - 1)], x: centre(index), y: bottom + 18, anchor: "middle")
            }
        }
        let counts = bars.map { $0.statistics.count >= $0.countsFrom ? $0.statistics.count : 0 }
        let countForms: [(Int) -> String] = [{ "\($0) workout\($0 == 1 ? "" : "s")" }, { "×\($0)" }]
        if let form = countForms.first(where: { form in
            counts.allSatisfy { $0 == 0 || fits(form($0), size: 10, in: slot) }
        }) {
            for (index, count) in counts.enumerated() where count > 0 {
                svg.text(form(count), x: centre(index), y: bottom + 33, size: 10, anchor: "middle", fill: "#777777")
            }
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#999999")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#999999")
        let caption = Bar.caption(of: report.period)
        svg.text(
            caption, x: (left + right) / 2, y: bottom + 54,
            size: SVGDocument.fittingSize(caption, size: 11, width: width - 28), anchor: "middle", fill: "#777777")
        return svg.text
    }

    /// Whether `text` fits inside a bar's slot with a pixel to spare on each side, so that neighbours never meet.
    static func fits(_ text: String, size: Double, in slot: Double) -> Bool {
        SVGDocument.textWidth(text, size: size) <= slot - 2
    }

    /// The most labels that fit: the smallest step, and for it the longest form, at which every two labels
    /// written are 6 px apart or more and none runs off the picture; nil when not even one fits.
    static func labelLayout(_ bars: [Bar], centre: (Int) -> Double, width: Double) -> (step: Int, form: Int)? {
        let forms = bars.map(\.labels.count).max() ?? 0
        for step in bars.first?.steps ?? [] {
            for form in 0..<forms {
                let shown = bars.indices.filter { bars[$0].isLabelled(every: step) }.map { index in
                    let half =
                        SVGDocument.textWidth(
                            bars[index].labels[min(form, bars[index].labels.count - 1)], size: 12) / 2
                    return (centre(index) - half, centre(index) + half)
                }
                guard !shown.isEmpty, let first = shown.first, let last = shown.last, first.0 >= 2,
                    last.1 <= width - 2
                else { continue }
                if zip(shown, shown.dropFirst()).allSatisfy({ $0.1 + 6 <= $1.0 }) { return (step, form) }
            }
        }
        return nil
    }
}
