import Foundation
import HubCore

/// `stayfit hr plot --svg`: the all-day heart rate over a range, zones shaded, labelled for the zoom.
public enum HeartRateChart {
    /// The SVG text of the plot of `series` from `start` to `end`.
    public static func svg(
        _ series: PlotSeries, from start: Date, to end: Date, resolution: PlotResolution, zones: HeartRateZones
    ) -> String {
        var svg = SVGDocument(width: 900, height: 380)
        let range =
            "\(LocalTime.format(start, "%Y-%m-%d %H:%M")) – \(LocalTime.format(end, "%Y-%m-%d %H:%M"))"
        let panel = SVGTimePanel(
            title: "Heart rate, \(range)", unit: "bpm, per \(resolution.rawValue): min–max band, average line",
            series: series, start: start.timeIntervalSince1970, end: end.timeIntervalSince1970, color: "#c62828",
            zones: zones)
        panel.draw(in: &svg, x: 10, y: 8, width: 880, height: 340)
        legend(in: &svg, zones: zones, y: 368)
        return svg.text
    }

    /// The zone colours with their bpm ranges, in a row at `y`.
    static func legend(in svg: inout SVGDocument, zones: HeartRateZones, y: Double) {
        let bounds = zones.bounds
        for zone in 0..<5 {
            let x = 62 + Double(zone) * 165
            svg.rect(x: x, y: y - 10, width: 12, height: 12, fill: SVGTimePanel.zoneColors[zone])
            svg.text(
                "Z\(zone + 1) \(HeartRateZones.names[zone]) \(Int(bounds[zone].rounded()))–\(Int(bounds[zone + 1].rounded()))",
                x: x + 16, y: y, size: 11, fill: "#555555")
        }
    }
}
