import HubCore

/// The share-text templates and hashtag of `[plugins.share]`: what the texts about a workout or a period say.
///
/// Templates take `{placeholders}`; an unknown one is a configuration error naming it, so a typo shows at
/// `stayfit config check`, not as a stray brace in a post. A count carries its noun, agreeing with it (`{steps}`
/// is "1 step", "1,645 steps"; `{workouts}` "2 workouts"), and a figure that was not measured is left out with the
/// words that say it (``ShareText/Template``). The older form `{steps} steps`, the placeholder followed by its
/// own noun, still works: it is read as `{steps}` (``currentForm(of:)``).
public struct ShareTemplates: Sendable, Equatable {
    /// Added where a template says `{hashtag}`; "" for none.
    public var hashtag: String
    public var shortWorkout: String
    public var longWorkout: String
    public var shortStats: String
    public var longStats: String

    /// The placeholders a workout template may use.
    public static let workoutPlaceholders = [
        "date", "time", "distance", "pace", "speed", "kcal", "avg-hr", "max-hr", "steps", "hashtag", "location", "kind",
        "avg-power",
    ]
    /// The placeholders a statistics template may use.
    public static let statsPlaceholders = [
        "period", "workouts", "time", "distance", "kcal", "avg-hr", "steps", "comparison", "hashtag",
    ]

    public static let defaultShortWorkout =
        "{distance} in {time} ({pace}), avg {avg-power}, {kcal}, avg HR {avg-hr}. {hashtag}"
    public static let defaultLongWorkout =
        "Workout on {date}: {distance} in {time}, average pace {pace} ({speed}). Heart rate: average {avg-hr}, "
        + "highest {max-hr} bpm. Energy {kcal}, {steps}. {location} Recorded with StayFit Hub. {hashtag}"
    public static let defaultShortStats = "{period}: {workouts}, {distance}, {time}, {kcal}. {hashtag}"
    public static let defaultLongStats =
        "{period}: {workouts}, {distance} in {time}, {kcal}, {steps}, average heart rate {avg-hr}. "
        + "{comparison} Recorded with StayFit Hub. {hashtag}"

    /// The placeholders that carry their noun, and that noun: a template written before they did says it after
    /// them ("{steps} steps", the old default), which ``currentForm(of:)`` reads as the placeholder alone.
    public static let countsWithNoun = ["steps": "steps", "workouts": "workouts"]

    /// `template` with each placeholder that carries its noun no longer followed by that noun: "{steps} steps"
    /// is "{steps}", so that an older configuration says "1 step", not "1 step steps".
    public static func currentForm(of template: String) -> String {
        var text = template
        for (name, noun) in countsWithNoun {
            text = text.replacingOccurrences(of: "{\(name)} \(noun)", with: "{\(name)}")
        }
        return text
    }

    public init(
        hashtag: String = "", shortWorkout: String = Self.defaultShortWorkout,
        longWorkout: String = Self.defaultLongWorkout, shortStats: String = Self.defaultShortStats,
        longStats: String = Self.defaultLongStats
    ) {
        (self.hashtag, self.shortWorkout, self.longWorkout, self.shortStats, self.longStats) =
            (hashtag, shortWorkout, longWorkout, shortStats, longStats)
    }

    /// Reads `hashtag` and the four templates from `table` (`[plugins.share]`).
    ///
    /// - Throws: `ConfigurationError` naming the key: a hashtag that is not one word of at most 50 characters, a
    ///   template over 1000 characters or with a placeholder it cannot use.
    public init(_ table: ConfigTable) throws {
        hashtag = try table.string("hashtag", default: "")
        if hashtag.contains(where: { $0.isNewline || $0.isWhitespace }) || hashtag.count > 50 {
            throw table.invalid(
                "hashtag", problem: "a hashtag is one word of at most 50 characters",
                fix: "Write it as \"#StayFit\", or \"\" for none.")
        }
        shortWorkout = try Self.template(table, "short-workout", Self.defaultShortWorkout, Self.workoutPlaceholders)
        longWorkout = try Self.template(table, "long-workout", Self.defaultLongWorkout, Self.workoutPlaceholders)
        shortStats = try Self.template(table, "short-stats", Self.defaultShortStats, Self.statsPlaceholders)
        longStats = try Self.template(table, "long-stats", Self.defaultLongStats, Self.statsPlaceholders)
    }

    private static func template(_ table: ConfigTable, _ key: String, _ fallback: String, _ known: [String]) throws
        -> String
    {
        let text = try table.string(key, default: fallback)
        guard text.count <= 1000 else {
            throw table.invalid(key, problem: "a template is at most 1000 characters", fix: "Shorten it.")
        }
        for name in placeholders(in: text) where !known.contains(name) {
            throw table.invalid(
                key, problem: "unknown placeholder {\(name)}",
                fix: "Use one of " + known.map { "{\($0)}" }.joined(separator: ", ") + ".")
        }
        return text
    }

    /// The names inside `{…}` in `template`, in order.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
