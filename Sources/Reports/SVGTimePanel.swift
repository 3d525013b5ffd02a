import Foundation
import HubCore

/// One chart of a series over time inside an SVG page: a title, a value axis with round steps, a time axis
/// labelled for the zoom, the minimum–maximum band, the average line and, for heart rate, the zones shaded.
public struct SVGTimePanel: Sendable {
    public var title: String
    public var unit: String
    public var series: PlotSeries
    public var start: TimeInterval
    public var end: TimeInterval
    public var color: String
    /// Shade the five heart-rate zones behind the data.
    public var zones: HeartRateZones?
    /// Larger values drawn lower (pace: a faster, smaller pace is higher up).
    public var inverted = false
    /// Writes a value on the axis (pace as m:ss); nil writes the number with as many decimals as the step needs.
    public var valueLabel: (@Sendable (Double) -> String)?
    /// The values the axis shows, when not the series' whole range; points outside are clipped to it.
    public var fixedRange: ClosedRange<Double>?
    /// What the panel says when there is nothing to draw.
    public var emptyText = "no data"
    /// Steps the value axis may take, when not 1, 2, 2.5 or 5 times a power of ten (pace: 15 s, 30 s, 1 min …).
    public var steps: [Double]?
    /// A line drawn under the series, with its legend beside the title: the planned power under the power.
    public var reference: ReferenceLine?

    /// A line to read the series against, such as what was planned.
    public struct ReferenceLine: Sendable {
        /// Stretches of (seconds since 1970, value), each drawn as one line: a gap between them where there is none.
        public var runs: [[(time: TimeInterval, value: Double)]]
        public var color: String
        /// What the legend calls it: "planned power".
        public var label: String

        public init(runs: [[(time: TimeInterval, value: Double)]], color: String, label: String) {
            (self.runs, self.color, self.label) = (runs, color, label)
        }

        /// The lowest and highest value, or nil without any.
        var valueRange: ClosedRange<Double>? {
            let values = runs.joined().map(\.value)
            guard let low = values.min(), let high = values.max() else { return nil }
            return low...high
        }
    }

    static let zoneColors = ["#dbeafe", "#dcfce7", "#fef9c3", "#ffedd5", "#fee2e2"]

    public init(
        title: String, unit: String, series: PlotSeries, start: TimeInterval, end: TimeInterval, color: String,
        zones: HeartRateZones? = nil
    ) {
        (self.title, self.unit, self.series, self.start, self.end, self.color, self.zones) =
            (title, unit, series, start, end, color, zones)
    }

    /// Draws the panel in the rectangle (x, y, width, height) of `svg`, axes and labels included.
    public func draw(in svg: inout SVGDocument, x: Double, y: Double, width: Double, height: Double) {
        let left = x + 52, right = x + width - 40, top = y + 26, bottom = y + height - 26
        svg.text(title, x: x + 4, y: y + 15, size: 14, bold: true)
        svg.text(unit, x: right, y: y + 15, size: 11, anchor: "end", fill: "#666666")
        guard let range = fixedRange ?? Self.union(series.valueRange, reference?.valueRange), end > start else {
            svg.rect(x: left, y: top, width: right - left, height: bottom - top, fill: "#f5f5f5")
            svg.text(emptyText, x: (left + right) / 2, y: (top + bottom) / 2, anchor: "middle", fill: "#888888")
            return
        }
        // A series steady to the last bits (a trainer held at 30 km/h: 29.999999… to 30.000000…) is flat, not a
        // range of 1e-12 with grid lines and six-decimal labels by the thousand.
        let spread = range.upperBound - range.lowerBound
        let rough = spread < max(abs(range.upperBound), abs(range.lowerBound), 1) * 1e-9 ? 0 : spread / 4
        let step = steps?.first { $0 >= rough } ?? Self.niceStep(rough)
        var low = (range.lowerBound / step).rounded(.down) * step
        var high = (range.upperBound / step).rounded(.up) * step
        if high <= low { (low, high) = (low - step, high + step) }
        let xOf = { (time: TimeInterval) in left + (time - start) / (end - start) * (right - left) }
        let yOf = { (value: Double) -> Double in
            let fraction = min(1, max(0, (value - low) / (high - low)))
            return self.inverted ? top + fraction * (bottom - top) : bottom - fraction * (bottom - top)
        }
        svg.rect(x: left, y: top, width: right - left, height: bottom - top, fill: "#fafafa")
        if let zones {
            let bounds = zones.bounds
            for zone in 0..<5 {
                let (from, to) = (max(bounds[zone], low), min(zone == 4 ? high : bounds[zone + 1], high))
                guard to > from else { continue }
                svg.rect(
                    x: left, y: yOf(to), width: right - left, height: yOf(from) - yOf(to), fill: Self.zoneColors[zone])
                svg.text(
                    "Z\(zone + 1)", x: right + 4, y: (yOf(to) + yOf(from)) / 2 + 4, size: 10, fill: "#777777")
            }
        }
        var value = low
        while value <= high + step / 2 {
            let lineY = yOf(value)
            svg.line(x1: left, y1: lineY, x2: right, y2: lineY, stroke: "#e0e0e0")
            let label = valueLabel?(value) ?? Format.fixed(value, decimals: Self.decimals(for: step))
            svg.text(label, x: left - 6, y: lineY + 4, size: 11, anchor: "end", fill: "#555555")
            value += step
        }
        let axis = TimeAxis(from: start, to: end, target: max(3, Int((right - left) / 110)))
        for tick in axis.ticks {
            let tickX = xOf(tick.time)
            svg.line(x1: tickX, y1: top, x2: tickX, y2: bottom + 4, stroke: "#e0e0e0")
            svg.text(tick.label, x: tickX, y: bottom + 18, size: 11, anchor: "middle", fill: "#555555")
        }
        if let reference {
            // Under the series, in its own quieter colour; clipped to the panel's time, as the series is.
            for run in reference.runs {
                svg.polyline(
                    run.map { (xOf(min(end, max(start, $0.time))), yOf($0.value)) }, stroke: reference.color, width: 3)
            }
            let legendX = x + 4 + SVGDocument.textWidth(title, size: 14) + 18
            svg.line(x1: legendX, y1: y + 11, x2: legendX + 18, y2: y + 11, stroke: reference.color, width: 2)
            svg.text(reference.label, x: legendX + 24, y: y + 15, size: 11, fill: "#666666")
        }
        for run in runs() {
            let band =
                run.map { (xOf($0.time), yOf($0.maximum)) } + run.reversed().map { (xOf($0.time), yOf($0.minimum)) }
            if run.contains(where: { $0.maximum > $0.minimum }) { svg.polygon(band, fill: color, opacity: 0.25) }
            svg.polyline(run.map { (xOf($0.time + $0.seconds / 2), yOf($0.average)) }, stroke: color)
        }
        svg.line(x1: left, y1: bottom, x2: right, y2: bottom, stroke: "#999999")
        svg.line(x1: left, y1: top, x2: left, y2: bottom, stroke: "#999999")
    }

    /// The points cut where readings are missing for longer than a few points, so a gap shows as a gap.
    func runs() -> [[PlotSeries.Point]] {
        var runs: [[PlotSeries.Point]] = []
        var current: [PlotSeries.Point] = []
        for point in series.points where point.time + point.seconds > start && point.time < end {
            if let last = current.last, point.time - (last.time + last.seconds) > max(3 * last.seconds, 5) {
                runs.append(current)
                current = []
            }
            current.append(point)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The range that holds both, or whichever there is.
    static func union(_ one: ClosedRange<Double>?, _ other: ClosedRange<Double>?) -> ClosedRange<Double>? {
        guard let one else { return other }
        guard let other else { return one }
        return min(one.lowerBound, other.lowerBound)...max(one.upperBound, other.upperBound)
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, (log10(rough)).rounded(.down))
        return [1, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
    }

    /// Decimals that write every multiple of `step` exactly: 0 for 5, 1 for 0.5, 2 for 0.05.
    static func decimals(for step: Double) -> Int {
        guard step > 0, step < 1, step.isFinite else { return 0 }
        return min(6, Int((-log10(step)).rounded(.up)))
    }
}
