import Foundation

/// A repeating nudge to train: a title said at a local time of day on chosen weekdays, optionally with an alert a
/// number of minutes before, and an on/off switch.
public struct Reminder: Sendable, Equatable, Codable {
    /// Given by the store when the reminder is added; ignored by `addReminder`.
    public var id: Int64
    public var title: String
    /// Local time of day (the hub's time zone).
    public var time: TimeOfDay
    /// The weekdays it repeats on; never empty in the store.
    public var weekdays: Weekdays
    /// Minutes before `time` to give an alert as well; nil for none.
    public var alertMinutesBefore: Int?
    public var isEnabled: Bool

    public init(
        id: Int64 = 0, title: String, time: TimeOfDay, weekdays: Weekdays, alertMinutesBefore: Int? = nil,
        isEnabled: Bool = true
    ) {
        self.id = id
        self.title = title
        self.time = time
        self.weekdays = weekdays
        self.alertMinutesBefore = alertMinutesBefore
        self.isEnabled = isEnabled
    }

    /// The alerts a reminder may have, in minutes before its time: up to a day.
    public static let alertRange = 1...1440
}

/// A local time of day, to the minute.
public struct TimeOfDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Minutes since local midnight, 0 to 1439.
    public let minuteOfDay: Int

    /// Nil unless `hour` is 0 to 23 and `minute` 0 to 59.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    /// Nil unless `minuteOfDay` is 0 to 1439.
    public init?(minuteOfDay: Int) {
        guard (0..<1440).contains(minuteOfDay) else { return nil }
        self.minuteOfDay = minuteOfDay
    }

    private init(validMinuteOfDay: Int) { minuteOfDay = validMinuteOfDay }

    /// 00:00.
    public static let midnight = TimeOfDay(validMinuteOfDay: 0)

    public var hour: Int { minuteOfDay / 60 }
    public var minute: Int { minuteOfDay % 60 }

    /// `07:05`: 24-hour, as the CLI shows and takes it.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }
}

/// A day of the week, numbered as `Calendar.component(.weekday, …)` numbers them: Sunday is 1.
public enum Weekday: Int, Sendable, CaseIterable, Codable, Comparable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// Three letters, lower case, as the CLI takes and `--json` prints them: `mon`.
    public var shortName: String { String(name.prefix(3)).lowercased() }

    /// The English name: `Monday`.
    public var name: String {
        switch self {
        case .sunday: "Sunday"
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A set of weekdays, stored as bits (bit 0 Sunday … bit 6 Saturday).
public struct Weekdays: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    public init(_ days: some Sequence<Weekday>) {
        self.init(rawValue: days.reduce(0) { $0 | (1 << ($1.rawValue - 1)) })
    }

    public static let everyDay = Weekdays(Weekday.allCases)

    public func contains(_ day: Weekday) -> Bool { rawValue & (1 << (day.rawValue - 1)) != 0 }

    /// The days in the set, Sunday first.
    public var days: [Weekday] { Weekday.allCases.filter { contains($0) } }
}
