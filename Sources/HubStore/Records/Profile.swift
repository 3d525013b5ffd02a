import Foundation

/// The person using the hub, as needed for calorie estimates.
public struct Profile: Sendable, Equatable, Codable {
    public var name: String
    /// Calendar date of birth, `yyyy-MM-dd`.
    public var birthDate: String
    public var gender: Gender
    public var heightCentimeters: Double
    public var weightKilograms: Double
    /// The seed app's "HR monitoring" switch: log heart rate all day, not only during workouts.
    public var heartRateMonitoring: Bool

    public init(
        name: String, birthDate: String, gender: Gender, heightCentimeters: Double, weightKilograms: Double,
        heartRateMonitoring: Bool = false
    ) {
        self.name = name
        self.birthDate = birthDate
        self.gender = gender
        self.heightCentimeters = heightCentimeters
        self.weightKilograms = weightKilograms
        self.heartRateMonitoring = heartRateMonitoring
    }

    /// Age in whole years on `date`, or nil when the birth date cannot be read.
    public func ageYears(on date: Date) -> Int? {
        guard let birth = Self.dayFormatter.date(from: birthDate) else { return nil }
        return Calendar(identifier: .gregorian).dateComponents([.year], from: birth, to: date).year
    }

    /// Parses and formats `yyyy-MM-dd` dates in UTC, independent of the locale.
    public static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.isLenient = false
        return formatter
    }()
}

/// Gender as used by the calorie formulas; `other` averages the male and female equations.
public enum Gender: String, Sendable, Codable, CaseIterable {
    case male, female, other
}
