import Foundation
import HubCore

/// Text to post about a workout or a period: a short one that fits a 280-character post and a longer one, from
/// the `[reports]` templates, in the configured units.
///
/// The location is never in it unless asked for (`includeLocation`): a post should not say where someone lives.
public struct ShareText: Sendable, Equatable, Codable {
    /// The most characters of the short text: a post on X or Mastodon's default.
    public static let shortLimit = 280

    public var short: String
    public var long: String

    /// The texts for a workout.
    public init(workout: Workout, samples: [WorkoutSample], settings: ReportSettings, includeLocation: Bool) {
        let units = UnitSystem(settings.units)
        let totals = workout.totals
        var values: [String: String] = [
            "date": LocalTime.format(workout.startedAt, "%Y-%m-%d"),
            "time": Format.clock(seconds: totals.movingSeconds),
            "distance": units.distance(meters: totals.distanceMeters),
            "pace": units.pace(metersPerSecond: totals.averageSpeedMetersPerSecond),
            "speed": units.speed(metersPerSecond: totals.averageSpeedMetersPerSecond),
            "kcal": Format.energy(kilocalories: totals.kilocalories),
            "avg-hr": totals.averageHeartRate.map { "\(Int($0.rounded()))" } ?? "–",
            "max-hr": totals.maxHeartRate.map(String.init) ?? "–",
            "steps": totals.steps.map(String.init) ?? "–",
            "hashtag": settings.hashtag,
            "location": "",
        ]
        if includeLocation, let fix = samples.first(where: { $0.latitude != nil && $0.longitude != nil }),
            let latitude = fix.latitude, let longitude = fix.longitude
        {
            values["location"] = "Started at " + Self.coordinates(latitude: latitude, longitude: longitude) + "."
        }
        let location = values["location"] ?? ""
        short = Self.render(settings.shortWorkout, values, appending: location)
        long = Self.render(settings.longWorkout, values, appending: location, limit: nil)
    }

    /// The texts for a period's statistics.
    public init(report: PeriodReport, settings: ReportSettings) {
        let units = UnitSystem(settings.units)
        let statistics = report.statistics
        var comparison = ""
        if let previous = report.previous, let name = report.previousName {
            comparison =
                "\(Self.capitalised(report.title)) vs \(name): \(statistics.count) vs \(Format.counted(previous.count, "workout")), "
                + "\(units.distance(meters: statistics.distanceMeters.total ?? 0)) vs "
                + "\(units.distance(meters: previous.distanceMeters.total ?? 0))."
        }
        let values: [String: String] = [
            "period": Self.capitalised(report.title),
            "workouts": "\(statistics.count) workout\(statistics.count == 1 ? "" : "s")",
            "time": Format.clock(seconds: Int(statistics.durationSeconds.total ?? 0)),
            "distance": units.distance(meters: statistics.distanceMeters.total ?? 0),
            "kcal": Format.energy(kilocalories: statistics.kilocalories.total ?? 0),
            "avg-hr": statistics.heartRate.average.map { "\(Int($0.rounded()))" } ?? "–",
            "steps": statistics.steps.total.map { "\(Int($0))" } ?? "–",
            "comparison": comparison,
            "hashtag": settings.hashtag,
        ]
        short = Self.render(settings.shortStats, values, appending: "")
        long = Self.render(settings.longStats, values, appending: "", limit: nil)
    }

    /// Fills in `template`; spaces left by empty placeholders are tidied. With a `limit`, a text too long loses
    /// its hashtag first, then is cut at a word with `…`.
    static func render(
        _ template: String, _ values: [String: String], appending extra: String, limit: Int? = shortLimit
    )
        -> String
    {
        var text = fill(template, values)
        if !extra.isEmpty, !template.contains("{location}") { text += " " + extra }
        text = tidy(text)
        guard let limit, text.count > limit else { return text }
        var withoutHashtag = values
        withoutHashtag["hashtag"] = ""
        text = tidy(
            fill(template, withoutHashtag) + (template.contains("{location}") || extra.isEmpty ? "" : " " + extra))
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit - 1))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }

    private static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// One space between words, none before a full stop or comma, no blank ends.
    static func tidy(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
        words.removeAll { $0 == "." || $0 == "," }
        return words.joined(separator: " ")
    }

    private static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// `48.1374° N, 11.5755° E`.
    static func coordinates(latitude: Double, longitude: Double) -> String {
        "\(Format.fixed(abs(latitude), decimals: 4))° \(latitude >= 0 ? "N" : "S"), "
            + "\(Format.fixed(abs(longitude), decimals: 4))° \(longitude >= 0 ? "E" : "W")"
    }
}

extension UnitSystem {
    /// The units `[reports] units` chose.
    public init(_ units: ReportSettings.Units) { self = units == .metric ? .metric : .imperial }
}
