import Foundation
import HubCore

extension PlotSeries {
    /// The all-day heart-rate log from `start` to `end` at `resolution`: the store's roll-ups, daily ones grouped by
    /// local day. What `stayfit hr plot` and the web app's heart-rate page draw.
    public static func heartRateLog(
        from history: any WorkoutHistory, from start: Date, to end: Date, resolution: PlotResolution
    ) async throws -> PlotSeries {
        if resolution == .day {
            let days = try await history.heartRateByDay(from: start, to: end)
            return PlotSeries(
                points: days.map {
                    let day = LocalDay($0.start)
                    let dayStart = day.start.timeIntervalSince1970
                    return .init(
                        time: dayStart, seconds: day.end.timeIntervalSince1970 - dayStart,
                        minimum: Double($0.minimum), average: $0.average, maximum: Double($0.maximum))
                })
        }
        let count = Int((end.timeIntervalSince(start) / Double(resolution.seconds)).rounded(.up)) + 1
        return PlotSeries(heartRate: try await history.heartRate(from: start, to: end, maxPoints: max(1, count)))
    }

    /// "1440 points; lowest 52, average of the points 71, highest 148 bpm.": the line under the plot.
    public var heartRateSummary: String {
        let low = points.map(\.minimum).min() ?? 0, high = points.map(\.maximum).max() ?? 0
        let average = points.map(\.average).reduce(0, +) / Double(max(points.count, 1))
        return
            "\(Format.counted(points.count, "point")); lowest \(Format.fixed(low, decimals: 0)), average of the points "
            + "\(Format.fixed(average, decimals: 0)), highest \(Format.fixed(high, decimals: 0)) bpm."
    }
}
