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
    /// Functional threshold power in watts (50 to 600), which a program's "% of FTP" targets are worked out from;
    /// nil until set.
    public var ftpWatts: Int?

    public init(
        name: String, birthDate: String, gender: Gender, heightCentimeters: Double, weightKilograms: Double,
        heartRateMonitoring: Bool = false, ftpWatts: Int? = nil
    ) {
        self.name = name
        self.birthDate = birthDate
        self.gender = gender
        self.heightCentimeters = heightCentimeters
        self.weightKilograms = weightKilograms
        self.heartRateMonitoring = heartRateMonitoring
        self.ftpWatts = ftpWatts
    }

    /// Age in whole years on `date`, or nil when the birth date cannot be read.
    public func ageYears(on date: Date) -> Int? {
        CalendarDay(birthDate).map { $0.years(until: CalendarDay(date)) }
    }
}

/// Gender as used by the calorie formulas; `other` averages the male and female equations.
public enum Gender: String, Sendable, Codable, CaseIterable {
    case male, female, other
}
