import Foundation
import HubCore
import Reports

/// Text to post about a workout or a period: a short one that fits a 280-character post and a longer one, from
/// the `[plugins.share]` templates, in the units of `[reports]`.
///
/// The location is never in it unless asked for (`includeLocation`): a post should not say where someone lives.
/// A number that meets a noun agrees with it (`{steps}` is "1 step" or "1,645 steps"), and what was not measured
/// is left out with the words that say it (``ShareText/Template``): a workout without a step counter says nothing about
/// steps, one indoors nothing about distance, pace or speed.
public struct ShareText: Sendable, Equatable, Codable {
    /// The most characters of the short text: a post on X or Mastodon's default.
    public static let shortLimit = 280

    public var short: String
    public var long: String

    /// The texts for a workout.
    ///
    /// - Parameter samples: the workout's seconds, read only for where it started; none are needed without
    ///   `includeLocation`.
    public init(
        workout: Workout, samples: [WorkoutSample], templates: ShareTemplates, units: UnitSystem, includeLocation: Bool
    ) {
        let totals = workout.totals
        // Indoors without GPS a distance of 0 was never taken, and neither were a pace or a speed.
        let distance = totals.distanceMeters > 0 && totals.distanceMeters.isFinite ? totals.distanceMeters : nil
        let speed = distance.flatMap { _ in totals.averageSpeedMetersPerSecond.flatMap { $0.isFinite ? $0 : nil } }
        var values = Placeholders([
            "date": LocalTime.format(workout.startedAt, "%Y-%m-%d"),
            "time": Format.clock(seconds: totals.movingSeconds),
            "distance": distance.map { units.distance(meters: $0) },
            // How fast in the kind's words: a pace on foot, a speed on a bike, the 500 m split on a rower.
            "pace": speed.flatMap { $0 >= 0.3 ? Self.howFast($0, kind: workout.kind, units: units) : nil },
            "kind": workout.kind.name.lowercased(),
            "avg-power": totals.averagePower.flatMap { $0 >= 1 ? "\(Int($0.rounded())) W" : nil },
            "speed": speed.map { units.speed(metersPerSecond: $0) },
            "kcal": totals.kilocalories > 0 ? Format.energy(kilocalories: totals.kilocalories) : nil,
            "avg-hr": totals.averageHeartRate.flatMap { $0 >= 1 ? "\(Int($0.rounded()))" : nil },
            "max-hr": totals.maxHeartRate.flatMap { $0 > 0 ? String($0) : nil },
            "steps": totals.steps.map { Self.counted($0, "step") },
        ])
        values.optional["hashtag"] = templates.hashtag
        values.optional["location"] = ""
        if includeLocation, let fix = samples.first(where: { $0.latitude != nil && $0.longitude != nil }),
            let latitude = fix.latitude, let longitude = fix.longitude
        {
            values.optional["location"] =
                "Started at " + Self.coordinates(latitude: latitude, longitude: longitude) + "."
        }
        let location = values.optional["location"] ?? ""
        short = Self.render(templates.shortWorkout, values, appending: location)
        long = Self.render(templates.longWorkout, values, appending: location, limit: nil)
    }

    /// "5:30 /km" on foot, "31.2 km/h" on a bike, "2:05 /500m" on a rower (500 m whatever the units: rowing
    /// counts in metres).
    static func howFast(_ metersPerSecond: Double, kind: WorkoutKind, units: UnitSystem) -> String? {
        switch kind.movement {
        case .onFoot: units.pace(metersPerSecond: metersPerSecond)
        case .wheels: units.speed(metersPerSecond: metersPerSecond)
        case .rowing: Format.split500(metersPerSecond: metersPerSecond)
        case .inPlace: nil
        }
    }

    /// The texts for a period's statistics.
    public init(report: PeriodReport, templates: ShareTemplates, units: UnitSystem) {
        let statistics = report.statistics
        let distance = statistics.distanceMeters.total.flatMap { $0 > 0 ? $0 : nil }
        var comparison = ""
        if let previous = report.previous, let name = report.previousName {
            comparison =
                "\(Self.capitalised(report.title)) vs \(name): \(Self.grouped(statistics.count)) vs "
                + Self.counted(previous.count, "workout")
            // Distances are compared when either period measured one.
            let previousDistance = previous.distanceMeters.total ?? 0
            if distance != nil || previousDistance > 0 {
                comparison +=
                    ", \(units.distance(meters: distance ?? 0)) vs \(units.distance(meters: previousDistance))"
            }
            comparison += "."
        }
        var values = Placeholders([
            "period": Self.capitalised(report.title),
            "workouts": Self.counted(statistics.count, "workout"),
            "time": statistics.count > 0 ? Format.clock(seconds: Int(statistics.durationSeconds.total ?? 0)) : nil,
            "distance": distance.map { units.distance(meters: $0) },
            "kcal": statistics.kilocalories.total.flatMap { $0 > 0 ? Format.energy(kilocalories: $0) : nil },
            "avg-hr": statistics.heartRate.average.flatMap { $0 >= 1 ? "\(Int($0.rounded()))" : nil },
            "steps": statistics.steps.total.map { Self.counted(Int(exactly: $0.rounded()) ?? 0, "step") },
        ])
        values.optional["comparison"] = comparison
        values.optional["hashtag"] = templates.hashtag
        short = Self.render(templates.shortStats, values, appending: "")
        long = Self.render(templates.longStats, values, appending: "", limit: nil)
    }

    /// Fills in `template` (``ShareText/Template``); spaces left by empty placeholders are tidied. With a `limit`, a
    /// text too long loses its hashtag first, then is cut at a word with `…`.
    static func render(
        _ template: String, _ values: Placeholders, appending extra: String, limit: Int? = shortLimit
    )
        -> String
    {
        var template = ShareTemplates.currentForm(of: template)
        // Asked for but not placed by the template: before the hashtag, which ends a post, else at the end.
        if !extra.isEmpty, !template.contains("{location}"), template.contains("{hashtag}") {
            template = template.replacingOccurrences(of: "{hashtag}", with: "{location} {hashtag}")
        }
        var text = Template.fill(template, values)
        if !extra.isEmpty, !template.contains("{location}") { text += " " + extra }
        text = tidy(text)
        guard let limit, text.count > limit else { return text }
        var withoutHashtag = values
        withoutHashtag.optional["hashtag"] = ""
        text = tidy(
            Template.fill(template, withoutHashtag)
                + (template.contains("{location}") || extra.isEmpty ? "" : " " + extra))
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit - 1))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }

    /// One space between words, none before a full stop or comma, no blank ends.
    static func tidy(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        words.removeAll { $0 == "." || $0 == "," }
        return words.joined(separator: " ")
    }

    /// `count` and its noun, agreeing, with thousands grouped: "1 step", "1,645 steps", "0 workouts".
    static func counted(_ count: Int, _ one: String) -> String {
        grouped(count) + " " + (count == 1 ? one : one + "s")
    }

    /// `1,645`: a whole number with its thousands grouped by commas.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }

    private static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// `48.1374° N, 11.5755° E`.
    static func coordinates(latitude: Double, longitude: Double) -> String {
        "\(Format.fixed(abs(latitude), decimals: 4))° \(latitude >= 0 ? "N" : "S"), "
            + "\(Format.fixed(abs(longitude), decimals: 4))° \(longitude >= 0 ? "E" : "W")"
    }
}
