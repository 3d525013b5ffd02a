import Foundation
import Records

/// A person's last 7 days of eating, as the hub says them: "Over the last 7 days you ate on average 1850 of 2000
/// calories a day. Weight down 0.3 kilograms."
///
/// The same figures as `stayfit stats food --period week`: the average over the days with anything logged, against
/// those days' targets on average, and the weight along a straight line through the week's weighings (so one heavy
/// morning does not read as a change).
public struct EnergyWeek: Sendable, Equatable {
    /// Days with anything logged.
    public var daysLogged: Int
    /// kcal eaten a logged day, on average.
    public var eaten: Int
    /// The logged days' target, on average; nil without a profile that gives one.
    public var target: Int?
    /// The week's change of weight along the fitted line, first weighing to last; nil with less than about a week
    /// between them.
    public var weightChangeKilograms: Double?
    /// The last weighing of the week, if any.
    public var latestKilograms: Double?

    /// - Parameters:
    ///   - days: the 7 days (`yyyy-MM-dd`), oldest first.
    ///   - entries: their food log.
    ///   - targets: each day's target, where the profile gives one.
    ///   - weighings: the week's weighings, oldest first.
    public init(days: [String], entries: [FoodEntry], targets: [String: Int], weighings: [WeightEntry]) {
        let report = FoodReport(days: days, entries: entries, targets: [:], byMonth: false)
        daysLogged = report.daysLogged
        let logged = report.rows.filter { $0.daysLogged > 0 }
        let eatenTotal = logged.reduce(0) { $0 + $1.eaten }
        eaten = logged.isEmpty ? 0 : Int((Double(eatenTotal) / Double(logged.count)).rounded())
        let known = logged.compactMap { targets[$0.label] }
        target = known.isEmpty ? nil : Int((Double(known.reduce(0, +)) / Double(known.count)).rounded())
        let trend = WeightTrend(weighings)
        if let (perWeek, _) = trend.perWeek, let first = weighings.first, let last = weighings.last {
            weightChangeKilograms = perWeek * last.measuredAt.timeIntervalSince(first.measuredAt) / (7 * 86_400)
        }
        latestKilograms = weighings.last?.kilograms
    }

    /// What the voice says.
    public var spokenSummary: String {
        var sentence: String
        if daysLogged == 0 {
            sentence = "Nothing logged in the last 7 days."
        } else {
            let days = daysLogged == 7 ? "" : ", on the \(daysLogged == 1 ? "1 day" : "\(daysLogged) days") logged,"
            sentence =
                if let target {
                    "Over the last 7 days\(days) you ate on average \(eaten) of \(target) calories a day."
                } else {
                    "Over the last 7 days\(days) you ate on average \(eaten == 1 ? "1 calorie" : "\(eaten) calories") "
                        + "a day; your profile gives no target yet."
                }
        }
        if let change = weightChangeKilograms {
            let tenths = Int((abs(change) * 10).rounded())
            sentence +=
                tenths == 0
                ? " Weight steady." : " Weight \(change < 0 ? "down" : "up") \(tenths / 10).\(tenths % 10) kilograms."
        } else if let latestKilograms {
            let tenths = Int((latestKilograms * 10).rounded())
            sentence += " Weight \(tenths / 10).\(tenths % 10) kilograms."
        }
        return sentence
    }
}
