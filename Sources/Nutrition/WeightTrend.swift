import Foundation
import Records

/// The weight's trend: the change over the weighings of the last weeks, per week.
public struct WeightTrend: Sendable {
    public let weighings: [WeightEntry]

    /// Oldest first.
    public init(_ weighings: [WeightEntry]) { self.weighings = weighings }

    /// "72.4 kg; down 0.4 kg a week over 5 weeks (8 weighings)." A straight line fitted through the weighings, so
    /// one heavy morning does not read as a trend.
    public func sentence(latest: WeightEntry) -> String {
        let now = "\(tenths(latest.kilograms)) kg"
        guard weighings.count >= 2, let first = weighings.first,
            latest.measuredAt.timeIntervalSince(first.measuredAt) >= 6 * 86_400
        else { return "\(now); a trend needs weighings a week or more apart." }
        let times = weighings.map { $0.measuredAt.timeIntervalSince(first.measuredAt) / (7 * 86_400) }
        let values = weighings.map(\.kilograms)
        let meanTime = times.reduce(0, +) / Double(times.count)
        let meanValue = values.reduce(0, +) / Double(values.count)
        let covariance = zip(times, values).reduce(0) { $0 + ($1.0 - meanTime) * ($1.1 - meanValue) }
        let variance = times.reduce(0) { $0 + ($1 - meanTime) * ($1 - meanTime) }
        let perWeek = variance > 0 ? covariance / variance : 0
        let weeks = Int(times.last?.rounded() ?? 0)
        let span = "over \(weeks == 1 ? "1 week" : "\(weeks) weeks") (\(weighings.count) weighings)"
        if abs(perWeek) < 0.05 { return "\(now); steady \(span)." }
        return "\(now); \(perWeek < 0 ? "down" : "up") \(tenths(abs(perWeek))) kg a week \(span)."
    }

    /// "72.4", "0.5": a figure to a tenth.
    private func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
