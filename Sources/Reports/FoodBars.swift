import Foundation
import HubCore

/// `stayfit stats food --svg`: per day of a week or a month, a bar of what was eaten beside a bar of the day's
/// target, and the weight's line through the period's weighings, on a kilogram axis of its own at the right.
///
/// Plain values in, text out: the caller reads the food log, the targets and the weighings; this draws them. Labels
/// are laid out by their width in the document's monospaced font, as in ``PeriodBars``, so none meets another.
///
/// ```swift
/// let svg = FoodBars.svg(title: "the last 7 days (17 – 23 Nov 2026)", days: days, weighings: weighings)
/// ```
public enum FoodBars {
    /// One day of the picture.
    public struct Day: Sendable, Equatable {
        public var day: LocalDay
        /// kcal eaten; nil when nothing was logged, drawn as no bar (a bar of 0 would read as a day of fasting).
        public var eatenKilocalories: Int?
        /// The day's target, kcal; nil without a profile that gives one.
        public var targetKilocalories: Int?

        public init(day: LocalDay, eatenKilocalories: Int?, targetKilocalories: Int?) {
            (self.day, self.eatenKilocalories, self.targetKilocalories) = (day, eatenKilocalories, targetKilocalories)
        }
    }

    /// A weighing: the day it was on and the kilograms.
    public struct Weighing: Sendable, Equatable {
        public var day: LocalDay
        public var kilograms: Double

        public init(day: LocalDay, kilograms: Double) { (self.day, self.kilograms) = (day, kilograms) }
    }

    /// The narrowest picture drawn; a smaller `width` is widened to it.
    public static let minimumWidth = 320.0
    /// The colours, the same in the bars and the legend.
    static let eatenColour = "#1565c0", targetColour = "#b0bec5", weightColour = "#e65100"

    /// The SVG text of the days' bars and the weight's line, `width` pixels wide; `title` names the period.
    ///
    /// Weighings on days outside `days` are left out; of several on one day, the last is drawn.
    public static func svg(title: String, days: [Day], weighings: [Weighing], width: Double = 900) -> String {
        let width = max(width, minimumWidth)
        var svg = SVGDocument(width: width, height: 400)
        let heading = "Food, \(title)"
        svg.text(
            heading, x: 14, y: 26, size: SVGDocument.fittingSize(heading, size: 18, width: width - 28), bold: true)
        let summary = summary(of: days)
        svg.text(
            summary, x: 14, y: 46, size: SVGDocument.fittingSize(summary, size: 13, width: width - 28),
            fill: "#555555")
        let index = Dictionary(days.enumerated().map { ($1.day, $0) }, uniquingKeysWith: { first, _ in first })
        var lastWeighing: [Int: Double] = [:]
        for weighing in weighings where weighing.kilograms.isFinite {
            if let at = index[weighing.day] { lastWeighing[at] = weighing.kilograms }
        }
        let weights = lastWeighing.sorted { $0.key < $1.key }
        // The key names only what is drawn: no "weight" without a weighing.
        legend(
            into: &svg, y: 66, eaten: days.contains { $0.eatenKilocalories != nil },
            target: days.contains { $0.targetKilocalories != nil }, weight: !weights.isEmpty)

        let top = 104.0, bottom = 316.0
        let high = max(days.flatMap { [$0.eatenKilocalories ?? 0, $0.targetKilocalories ?? 0] }.max() ?? 0, 500)
        let step = SVGTimePanel.niceStep(Double(high) / 4)
        let topValue = (Double(high) / step).rounded(.up) * step
        let ticks = stride(from: 0.0, through: topValue + step / 2, by: step).map { Format.fixed($0, decimals: 0) }
        let left = 22 + (ticks.map { SVGDocument.textWidth($0, size: 11) }.max() ?? 0)
        let scale = weights.isEmpty ? nil : WeightScale(weights.map(\.value))
        let rightTickWidth = scale.map { $0.labels.map { SVGDocument.textWidth($0, size: 11) }.max() ?? 0 } ?? 0
        let right = width - 20 - (scale == nil ? 0 : rightTickWidth + 8)
        svg.text("kcal", x: left, y: top - 14, size: 11, anchor: "end", fill: "#555555")
        if scale != nil {
            svg.text("kg", x: right + 8, y: top - 14, size: 11, fill: weightColour)
        }

        let slot = (right - left) / Double(max(days.count, 1))
        let centre = { (index: Int) in left + (Double(index) + 0.5) * slot }
        for (index, day) in days.enumerated() where day.day.weekday >= 6 {
            svg.rect(x: centre(index) - slot / 2, y: top, width: slot, height: bottom - top, fill: "#f1f1f1")
        }
        for (index, label) in ticks.enumerated() {
            let y = bottom - Double(index) * step / topValue * (bottom - top)
            svg.line(x1: left, y1: y, x2: right, y2: y, stroke: "#e0e0e0")
            svg.text(label, x: left - 8, y: y + 4, size: 11, anchor: "end")
        }
        let height = { (kilocalories: Int) in Double(max(0, kilocalories)) / topValue * (bottom - top) }
        // Two bars side by side in each day's slot, a pixel apart; a week's bars are kept from reading as blocks.
        let barWidth = min(slot * 0.36, 40)
        for (index, day) in days.enumerated() {
            if let eaten = day.eatenKilocalories {
                svg.rect(
                    x: centre(index) - 1 - barWidth, y: bottom - height(eaten), width: barWidth,
                    height: height(eaten), fill: eatenColour, radius: min(2, barWidth * 0.1))
            }
            if let target = day.targetKilocalories {
                svg.rect(
                    x: centre(index) + 1, y: bottom - height(target), width: barWidth, height: height(target),
                    fill: targetColour, radius: min(2, barWidth * 0.1))
            }
        }
        if !days.contains(where: { $0.eatenKilocalories != nil }) {
            // On a panel of its own: the days' target bars stand behind it.
            let noteWidth = SVGDocument.textWidth("nothing logged", size: 13) + 24
            svg.rect(
                x: (left + right - noteWidth) / 2, y: (top + bottom) / 2 - 17, width: noteWidth, height: 24,
                fill: "#ffffff", opacity: 0.9, radius: 4)
            svg.text("nothing logged", x: (left + right) / 2, y: (top + bottom) / 2, anchor: "middle", fill: "#555555")
        }
        if let scale {
            let y = { (kilograms: Double) in
                bottom - (kilograms - scale.low) / (scale.high - scale.low) * (bottom - top)
            }
            for (label, value) in zip(scale.labels, scale.values) {
                svg.text(label, x: right + 8, y: y(value) + 4, size: 11, fill: weightColour)
            }
            svg.polyline(weights.map { (centre($0.key), y($0.value)) }, stroke: weightColour, width: 2)
            for (index, kilograms) in weights {
                svg.circle(x: centre(index), y: y(kilograms), radius: 3, fill: weightColour)
            }
        }
        if let (step, form) = labelLayout(days, centre: centre, width: width) {
            for (index, day) in days.enumerated() where isLabelled(index, day.day, every: step, in: days) {
                let labels = Self.labels(day.day, of: days)
                svg.text(labels[min(form, labels.count - 1)], x: centre(index), y: bottom + 18, anchor: "middle")
            }
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#999999")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#999999")
        let caption = days.count > 7 ? "days of the month (weekends shaded)" : "days (weekends shaded)"
        svg.text(
            caption, x: (left + right) / 2, y: bottom + 40,
            size: SVGDocument.fittingSize(caption, size: 11, width: width - 28), anchor: "middle", fill: "#777777")
        return svg.text
    }

    /// "5 logged days  ·  1850 kcal a day eaten  ·  target 1900": averages over the logged days.
    static func summary(of days: [Day]) -> String {
        let logged = days.filter { $0.eatenKilocalories != nil }
        guard !logged.isEmpty else { return "Nothing logged" }
        let average = { (values: [Int]) in
            Format.fixed(Double(values.reduce(0, +)) / Double(max(values.count, 1)), decimals: 0)
        }
        var text =
            "\(Format.counted(logged.count, "logged day"))  ·  "
            + "\(average(logged.compactMap(\.eatenKilocalories))) kcal a day eaten"
        let targets = logged.compactMap(\.targetKilocalories)
        if !targets.isEmpty { text += "  ·  target \(average(targets))" }
        return text
    }

    /// The key: a swatch and a word for each of the eaten bars, the target bars and the weight's line that is drawn.
    static func legend(into svg: inout SVGDocument, y: Double, eaten: Bool, target: Bool, weight: Bool) {
        var x = 14.0
        for (word, colour, isLine, drawn) in [
            ("eaten", eatenColour, false, eaten), ("target", targetColour, false, target),
            ("weight", weightColour, true, weight),
        ] where drawn {
            if isLine {
                svg.line(x1: x, y1: y - 4, x2: x + 14, y2: y - 4, stroke: colour, width: 2)
            } else {
                svg.rect(x: x + 2, y: y - 9, width: 10, height: 10, fill: colour)
            }
            svg.text(word, x: x + 18, y: y, size: 11, fill: "#555555")
            x += 18 + SVGDocument.textWidth(word, size: 11) + 16
        }
    }

    /// A day's label, longest first: `Mon 23 Nov`, `Mon 23`, `23` for a week; `23` for a month.
    static func labels(_ day: LocalDay, of days: [Day]) -> [String] {
        guard days.count <= 7 else { return ["\(day.day)"] }
        return [day.shortLabel, day.shortLabel.split(separator: " ").prefix(2).joined(separator: " "), "\(day.day)"]
    }

    /// Whether the day keeps its label when every `step`th is shown: 1 all, 2 every other, 7 the Mondays, 14 every
    /// other Monday.
    static func isLabelled(_ index: Int, _ day: LocalDay, every step: Int, in days: [Day]) -> Bool {
        switch step {
        case 1: return true
        case 2: return index % 2 == 0
        default:
            let firstMonday = days.firstIndex { $0.day.weekday == 1 } ?? 0
            return day.weekday == 1 && (step == 7 || (index - firstMonday) / 7 % 2 == 0)
        }
    }

    /// The most labels that fit, as ``PeriodBars`` lays them out: the smallest step and, for it, the longest form
    /// at which every two labels are 6 px apart or more and none runs off the picture; nil when none fits.
    static func labelLayout(_ days: [Day], centre: (Int) -> Double, width: Double) -> (step: Int, form: Int)? {
        let forms = days.count <= 7 ? 3 : 1
        for step in [1, 2, 7, 14] {
            for form in 0..<forms {
                let shown = days.indices.filter { isLabelled($0, days[$0].day, every: step, in: days) }.map { index in
                    let labels = labels(days[index].day, of: days)
                    let half = SVGDocument.textWidth(labels[min(form, labels.count - 1)], size: 12) / 2
                    return (centre(index) - half, centre(index) + half)
                }
                guard let first = shown.first, let last = shown.last, first.0 >= 2, last.1 <= width - 2 else {
                    continue
                }
                if zip(shown, shown.dropFirst()).allSatisfy({ $0.1 + 6 <= $1.0 }) { return (step, form) }
            }
        }
        return nil
    }

    /// The weight axis: whole kilograms (or halves, fives …) around the weighings, with a kilogram to spare.
    struct WeightScale {
        var low: Double, high: Double
        var values: [Double]
        var labels: [String]

        init(_ kilograms: [Double]) {
            let lowest = (kilograms.min() ?? 70) - 1, highest = (kilograms.max() ?? 70) + 1
            let step = SVGTimePanel.niceStep((highest - lowest) / 4)
            low = (lowest / step).rounded(.down) * step
            high = max((highest / step).rounded(.up) * step, low + step)
            values = stride(from: low, through: high + step / 2, by: step).map { $0 }
            labels = values.map { Format.fixed($0, decimals: SVGTimePanel.decimals(for: step)) }
        }
    }
}
