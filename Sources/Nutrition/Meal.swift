import Foundation

/// The meals of the Fitness App's food log.
public enum Meal: String, Sendable, CaseIterable, Equatable, Codable {
    case breakfast, lunch, dinner, snack

    /// The meal a food eaten at `hour` (0–23, local time) most likely belongs to, when the person does not say:
    /// breakfast until 10, lunch from 11 to 14, dinner from 17 to 21, a snack between and after.
    public static func likely(atHour hour: Int) -> Meal {
        switch hour {
        case 4...10: .breakfast
        case 11...14: .lunch
        case 17...21: .dinner
        default: .snack
        }
    }

    /// The meal of a food eaten at `date`, by its local hour (`localtime_r`, as `CalendarDay(local:)`): not
    /// Foundation's `Calendar`, which loads ICU into the hub (about 3 MB) for one hour of the day.
    public static func likely(at date: Date) -> Meal {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return likely(atHour: Int(parts.tm_hour))
    }

    /// `breakfast`, `Lunch`, `snacks`.
    public init(parsing text: String) throws(NutritionError) {
        let word = text.lowercased().trimmingSuffix("s")
        guard let meal = Meal(rawValue: word) else {
            throw NutritionError(
                "\"\(text)\" is no meal", fix: "Give breakfast, lunch, dinner or snack.")
        }
        self = meal
    }
}

extension String {
    /// Without one `suffix` at the end, if it is there ("snacks" → "snack").
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
