import Foundation
import Records

/// The weight's trend: the change over the weighings of the last weeks, per week.
public struct WeightTrend: Sendable {
    public let weighings: [WeightEntry]

    /// Oldest first.
    public init(_ weighings: [WeightEntry]) { self.weighings = weighings }

    /// The change a week of a straight line fitted through the weighings (so one heavy morning does not read as a
    /// trend), and the weeks they span; nil when they span less than about a week.
    public var perWeek: (kilograms: Double, weeks: Int)? {
        guard weighings.count >= 2, let first = weighings.first, let last = weighings.last,
            last.measuredAt.timeIntervalSince(first.measuredAt) >= 6 * 86_400
        else { return nil }
        let times = weighings.map { $0.measuredAt.timeIntervalSince(first.measuredAt) / (7 * 86_400) }
        let values = weighings.map(\.kilograms)
        let meanTime = times.reduce(0, +) / Double(times.count)
        let meanValue = values.reduce(0, +) / Double(values.count)
        let covariance = zip(times, values).reduce(0) { $0 + ($1.0 - meanTime) * ($1.1 - meanValue) }
        let variance = times.reduce(0) { $0 + ($1 - meanTime) * ($1 - meanTime) }
        return (variance > 0 ? covariance / variance : 0, Int(times.last?.rounded() ?? 0))
    }

    /// "72.4 kg; down 0.4 kg a week over 5 weeks (8 weighings)."
    public func sentence(latest: WeightEntry) -> String {
        let now = "\(tenths(latest.kilograms)) kg"
        guard let (perWeek, weeks) = perWeek else { return "\(now); a trend needs weighings a week or more apart." }
        let span = "over \(weeks == 1 ? "1 week" : "\(weeks) weeks") (\(weighings.count) weighings)"
        if abs(perWeek) < 0.05 { return "\(now); steady \(span)." }
        return "\(now); \(perWeek < 0 ? "down" : "up") \(tenths(abs(perWeek))) kg a week \(span)."
    }

    /// "Weight 72.4 kilograms, down 0.4 a week.", for the voice: no abbreviations, no counts.
    public func spoken(latest: WeightEntry) -> String {
        let now = "Weight \(tenths(latest.kilograms)) kilograms"
        guard let (perWeek, _) = perWeek else { return now + "." }
        if abs(perWeek) < 0.05 { return now + ", steady." }
        return now + ", \(perWeek < 0 ? "down" : "up") \(tenths(abs(perWeek))) a week."
    }

    /// "72.4", "0.5": a figure to a tenth.
    func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
