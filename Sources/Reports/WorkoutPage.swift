import Foundation
import HubCore

/// `stayfit workouts show ID --svg`: one page with heart rate, pace or speed and elevation over the workout's
/// time, and the route's shape when it has a path.
public struct WorkoutPage: Sendable {
    public var workout: Workout
    public var samples: [WorkoutSample]
    public var zones: HeartRateZones
    public var units: UnitSystem
    /// Metres above sea level for each sample, in order, nil where unknown.
    ///
    /// - Important: the hook for altitude: samples carry no altitude yet. When `WorkoutSample` gains one, pass
    ///   `samples.map(\.altitudeMeters)` here; until then the elevation panel says there is none.
    public var elevationMeters: [Double?]
    /// The steps of the program the workout followed: their planned power is drawn under the power.
    public var programSteps: [WorkoutProgramStep]

    public init(
        workout: Workout, samples: [WorkoutSample], zones: HeartRateZones, units: UnitSystem,
        elevationMeters: [Double?] = [], programSteps: [WorkoutProgramStep] = []
    ) {
        (self.workout, self.samples, self.zones, self.units, self.elevationMeters, self.programSteps) =
            (workout, samples, zones, units, elevationMeters, programSteps)
    }

    /// A bike's workout as speed, as its kind says; any other by how fast it was: over 15 km/h on average is speed
    /// (a ride recorded before workouts had kinds is stored as a run).
    public var showsPace: Bool {
        workout.kind.movement != .wheels && (workout.totals.averageSpeedMetersPerSecond ?? 0) < 15 / 3.6
    }

    /// The panels below the three of every workout: power and cadence, where a sensor measured them.
    private var extraPanels: [(title: String, unit: String, color: String, value: (WorkoutSample) -> Int?)] {
        var panels: [(title: String, unit: String, color: String, value: (WorkoutSample) -> Int?)] = []
        if samples.contains(where: { $0.powerWatts != nil }) {
            panels.append(("Power", "W", "#6a1b9a", { $0.powerWatts }))
        }
        if samples.contains(where: { $0.cadence != nil }) {
            let unit =
                switch workout.kind.movement {
                case .onFoot: "steps/min"
                case .rowing: "strokes/min"
                default: "rpm"
                }
            panels.append(("Cadence", unit, "#ef6c00", { $0.cadence }))
        }
        return panels
    }

    /// The route as (x, y) pairs in metres east and north of the first fix, or empty without a path.
    public var route: [(Double, Double)] {
        let fixes = samples.compactMap { sample in sample.latitude.flatMap { lat in sample.longitude.map { (lat, $0) } }
        }
        guard let first = fixes.first, fixes.count > 1 else { return [] }
        let metresPerDegree = 6_371_008.8 * Double.pi / 180
        let scale = cos(first.0 * Double.pi / 180)
        return fixes.map { (($0.1 - first.1) * metresPerDegree * scale, ($0.0 - first.0) * metresPerDegree) }
    }

    /// The SVG text of the page.
    public func svg() -> String {
        let route = self.route
        let width = 900.0, panelHeight = 200.0
        let chartWidth = route.isEmpty ? width - 20 : 590
        let extraPanels = self.extraPanels
        var svg = SVGDocument(width: width, height: 60 + Double(3 + extraPanels.count) * panelHeight + 30)
        let totals = workout.totals
        // The average the page plots: pace for a run, speed for a ride.
        let average = totals.averageSpeedMetersPerSecond
        svg.text(
            "Workout \(workout.id), \(LocalTime.format(workout.startedAt, "%Y-%m-%d %H:%M"))"
                + (workout.isSimulated ? " (simulated)" : ""), x: 14, y: 26, size: 18, bold: true)
        svg.text(
            "\(Format.clock(seconds: totals.movingSeconds))  ·  \(units.distance(meters: totals.distanceMeters))  ·  "
                + "\(showsPace ? units.pace(metersPerSecond: average) : units.speed(metersPerSecond: average))  ·  "
                + "avg HR \(totals.averageHeartRate.map { "\(Int($0.rounded()))" } ?? "–")  ·  "
                + "\(Format.energy(kilocalories: totals.kilocalories))",
            x: 14, y: 46, size: 13, fill: "#555555")
        let times = samples.map { $0.recordedAt.timeIntervalSince1970 }
        let start = times.first ?? workout.startedAt.timeIntervalSince1970
        let end = max(times.last ?? start, start + 1)
        let heart = PlotSeries(
            points: samples.compactMap { sample in
                sample.heartRate.map { .init(time: sample.recordedAt.timeIntervalSince1970, value: Double($0)) }
            })
        SVGTimePanel(
            title: "Heart rate", unit: "bpm", series: heart, start: start, end: end, color: "#c62828", zones: zones
        ).draw(in: &svg, x: 10, y: 60, width: chartWidth, height: panelHeight)
        var movement = SVGTimePanel(
            title: showsPace ? "Pace" : "Speed", unit: showsPace ? "min /\(units.distanceUnit)" : units.speedUnit,
            series: movementSeries(), start: start, end: end, color: "#1565c0")
        if showsPace {
            movement.inverted = true
            movement.valueLabel = { Format.clock(seconds: Int($0.rounded())) }
            movement.steps = [5, 10, 15, 30, 60, 120, 300, 600]
            movement.fixedRange = Self.typicalRange(movement.series.points.map(\.average))
        }
        movement.draw(in: &svg, x: 10, y: 60 + panelHeight, width: chartWidth, height: panelHeight)
        let elevation = PlotSeries(
            points: zip(samples, elevationMeters).compactMap { sample, altitude in
                altitude.map { .init(time: sample.recordedAt.timeIntervalSince1970, value: $0) }
            })
        var elevationPanel = SVGTimePanel(
            title: "Elevation", unit: "m", series: elevation, start: start, end: end, color: "#2e7d32")
        elevationPanel.emptyText = "no elevation recorded"
        elevationPanel.draw(in: &svg, x: 10, y: 60 + 2 * panelHeight, width: chartWidth, height: panelHeight)
        for (index, panel) in extraPanels.enumerated() {
            let series = PlotSeries(
                points: samples.compactMap { sample in
                    panel.value(sample).map { .init(time: sample.recordedAt.timeIntervalSince1970, value: Double($0)) }
                })
            var chart = SVGTimePanel(
                title: panel.title, unit: panel.unit, series: series, start: start, end: end, color: panel.color)
            if panel.title == "Power" { chart.reference = plannedPower() }
            chart.draw(in: &svg, x: 10, y: 60 + Double(3 + index) * panelHeight, width: chartWidth, height: panelHeight)
        }
        if !route.isEmpty { drawRoute(route, in: &svg, x: 620, y: 60, size: 270) }
        return svg.text
    }

    /// Pace (seconds per km or mi) or speed, over a window of up to 30 seconds: GPS distance jitters from second
    /// to second. The window never spans a pause or a gap in the recording (samples more than `gapSeconds` apart):
    /// it starts again after one, so the minutes stood still are not counted as minutes of slow running, and the
    /// first point after it comes once `shortestWindow` seconds have been run.
    func movementSeries() -> PlotSeries {
        var points: [PlotSeries.Point] = []
        var stretchStart = 0
        for (index, sample) in samples.enumerated() {
            if index > 0 {
                let step = sample.recordedAt.timeIntervalSince(samples[index - 1].recordedAt)
                if step <= 0 || step > Self.gapSeconds { stretchStart = index }
            }
            // The stretch's first sample is where the window starts: the distance it holds was run before it.
            let earlier = samples[max(stretchStart, index - Self.longestWindow)]
            let seconds = sample.recordedAt.timeIntervalSince(earlier.recordedAt)
            let meters = sample.distanceMeters - earlier.distanceMeters
            guard seconds >= Double(Self.shortestWindow), meters >= 0 else { continue }
            let speed = meters / seconds
            let time = sample.recordedAt.timeIntervalSince1970
            if showsPace {
                // Standing still is no pace at all; slower than 20 min/km would squash the rest of the plot.
                guard speed >= units.splitMeters / 1200 else { continue }
                points.append(.init(time: time, value: units.paceSeconds(metersPerSecond: speed)))
            } else {
                points.append(.init(time: time, value: units.speedValue(metersPerSecond: speed)))
            }
        }
        return PlotSeries(points: points)
    }

    /// Seconds of running the pace or speed is averaged over.
    static let longestWindow = 30
    /// Seconds of running before the first point after the start or a pause: fewer would plot GPS jitter.
    static let shortestWindow = 10
    /// Samples further apart than this were recorded either side of a pause or a gap; a second apart is running.
    static let gapSeconds: TimeInterval = 2

    /// From the 5th to the 95th percentile, widened by half of that: the start and the stops off the chart.
    static func typicalRange(_ values: [Double]) -> ClosedRange<Double>? {
        guard values.count >= 20 else { return nil }
        let sorted = values.sorted()
        let (low, high) = (sorted[sorted.count / 20], sorted[sorted.count * 19 / 20])
        let margin = max((high - low) / 2, 10)
        return max(0, low - margin)...(high + margin)
    }

    private func drawRoute(_ route: [(Double, Double)], in svg: inout SVGDocument, x: Double, y: Double, size: Double) {
        svg.text("Route", x: x + 4, y: y + 15, size: 14, bold: true)
        let (top, inner) = (y + 26, size - 20)
        svg.rect(x: x, y: top, width: size, height: size, fill: "#fafafa")
        let xs = route.map(\.0), ys = route.map(\.1)
        let (minX, maxX, minY, maxY) = (xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0)
        let extent = max(maxX - minX, maxY - minY, 1)
        let scale = inner / extent
        let (offsetX, offsetY) = (
            x + 10 + (inner - (maxX - minX) * scale) / 2, top + 10 + (inner - (maxY - minY) * scale) / 2
        )
        let points = route.map { (offsetX + ($0.0 - minX) * scale, offsetY + (maxY - $0.1) * scale) }
        svg.polyline(points, stroke: "#6a1b9a", width: 2.5)
        if let first = points.first { svg.circle(x: first.0, y: first.1, radius: 5, fill: "#2e7d32") }
        if let last = points.last { svg.circle(x: last.0, y: last.1, radius: 5, fill: "#c62828") }
        // The scale in the page's units: metres or kilometres, or miles for imperial, like the distance above it.
        let unitMeters = units == .metric ? 1.0 : units.splitMeters
        let step = SVGTimePanel.niceStep(extent / unitMeters / 4)
        let scaleMeters = step * unitMeters
        let barY = top + size + 16
        svg.line(x1: x + 10, y1: barY, x2: x + 10 + scaleMeters * scale, y2: barY, stroke: "#333333", width: 2)
        let label =
            units == .imperial
            ? "\(Format.fixed(step, decimals: SVGTimePanel.decimals(for: step))) mi"
            : scaleMeters >= 1000 ? "\(Format.fixed(scaleMeters / 1000, decimals: 1)) km" : "\(Int(scaleMeters)) m"
        svg.text(label, x: x + 16 + scaleMeters * scale, y: barY + 4, size: 11)
        svg.text("green: start, red: end; north is up", x: x + 10, y: barY + 22, size: 10, fill: "#777777")
    }
}
