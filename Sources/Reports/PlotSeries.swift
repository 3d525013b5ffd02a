import Foundation
import HubCore

/// A series to plot over time: points with a minimum, an average and a maximum each (equal for plain samples).
public struct PlotSeries: Sendable, Equatable {
    /// One point: its start and length in seconds since 1970, and the values of its stretch.
    public struct Point: Sendable, Equatable, Codable {
        public var time: TimeInterval
        public var seconds: TimeInterval
        public var minimum: Double
        public var average: Double
        public var maximum: Double

        public init(time: TimeInterval, seconds: TimeInterval, minimum: Double, average: Double, maximum: Double) {
            (self.time, self.seconds, self.minimum, self.average, self.maximum) =
                (time, seconds, minimum, average, maximum)
        }

        public init(time: TimeInterval, seconds: TimeInterval = 1, value: Double) {
            self.init(time: time, seconds: seconds, minimum: value, average: value, maximum: value)
        }
    }

    public var points: [Point]

    public init(points: [Point]) { self.points = points.sorted { $0.time < $1.time } }

    /// Heart-rate points from the store.
    public init(heartRate: [HeartRatePoint]) {
        self.init(
            points: heartRate.map {
                Point(
                    time: $0.start.timeIntervalSince1970, seconds: TimeInterval($0.seconds),
                    minimum: Double($0.minimum), average: $0.average, maximum: Double($0.maximum))
            })
    }

    /// The lowest minimum and highest maximum, or nil for an empty series.
    public var valueRange: ClosedRange<Double>? {
        guard let low = points.map(\.minimum).min(), let high = points.map(\.maximum).max() else { return nil }
        return low...high
    }

    /// At most `count` points: neighbours merged into equal stretches of time from `start` to `end`, keeping the
    /// lowest minimum, the highest maximum and the average weighted by length. For a terminal's columns.
    public func merged(into count: Int, from start: TimeInterval, to end: TimeInterval) -> [Point?] {
        guard count > 0, end > start else { return [] }
        let width = (end - start) / Double(count)
        var columns = [Point?](repeating: nil, count: count)
        var weights = [Double](repeating: 0, count: count)
        for point in points where point.time >= start && point.time < end {
            let index = min(count - 1, Int((point.time - start) / width))
            let weight = max(point.seconds, 1)
            if var column = columns[index] {
                column.minimum = min(column.minimum, point.minimum)
                column.maximum = max(column.maximum, point.maximum)
                column.average = (column.average * weights[index] + point.average * weight) / (weights[index] + weight)
                columns[index] = column
            } else {
                columns[index] = Point(
                    time: start + Double(index) * width, seconds: width, minimum: point.minimum,
                    average: point.average, maximum: point.maximum)
            }
            weights[index] += weight
        }
        return columns
    }

    /// Daily points from per-hour ones, by local day (daylight-saving days are 23 or 25 hours long).
    public func byLocalDay() -> PlotSeries {
        var days: [LocalDay: (point: Point, weight: Double)] = [:]
        for point in points {
            let day = LocalDay(Date(timeIntervalSince1970: point.time))
            let weight = max(point.seconds, 1)
            if let (existing, total) = days[day] {
                days[day] = (
                    Point(
                        time: existing.time, seconds: existing.seconds, minimum: min(existing.minimum, point.minimum),
                        average: (existing.average * total + point.average * weight) / (total + weight),
                        maximum: max(existing.maximum, point.maximum)), total + weight
                )
            } else {
                let start = day.start.timeIntervalSince1970
                days[day] = (
                    Point(
                        time: start, seconds: day.end.timeIntervalSince1970 - start, minimum: point.minimum,
                        average: point.average, maximum: point.maximum), weight
                )
            }
        }
        return PlotSeries(points: days.values.map(\.point))
    }
}
