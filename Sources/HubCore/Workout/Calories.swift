import Records

/// Energy estimates: Keytel et al. (2005) from heart rate, or the MET compendium from speed.
///
/// Keytel is used from 90 bpm up (its fit came from steady exercise); below that, or without a fresh heart
/// rate, the MET value for the current walking/running speed is used. A second with a heart rate below 90 bpm but
/// no speed (indoors, no GPS) counts ``metWithoutSpeed``. With neither a heart rate nor a speed, no energy is
/// counted: nothing measured that the person moved.
public enum Calories {
    /// Who is exercising, as the formulas need it.
    public struct Person: Sendable, Equatable {
        public var weightKilograms: Double
        public var ageYears: Double
        public var gender: Gender

        public init(weightKilograms: Double, ageYears: Double, gender: Gender) {
            self.weightKilograms = weightKilograms
            self.ageYears = ageYears
            self.gender = gender
        }

        /// Used until a profile is set: an average adult.
        public static let unknown = Person(weightKilograms: 70, ageYears: 35, gender: .other)
    }

    /// The lowest heart rate at which the Keytel equation is trusted.
    public static let keytelMinimumHeartRate = 90

    /// Keytel's energy expenditure in kcal per minute (kJ/min ÷ 4.184), never negative.
    public static func keytelKilocaloriesPerMinute(heartRate: Int, person: Person) -> Double {
        let hr = Double(heartRate), w = person.weightKilograms, a = person.ageYears
        let male = -55.0969 + 0.6309 * hr + 0.1988 * w + 0.2017 * a
        let female = -20.4022 + 0.4472 * hr - 0.1263 * w + 0.0740 * a
        let kilojoules: Double =
            switch person.gender {
            case .male: male
            case .female: female
            case .other: (male + female) / 2
            }
        return max(0, kilojoules / 4.184)
    }

    /// Walking and running METs by speed in km/h (2011 Compendium); interpolated between rows.
    static let metBySpeed: [(kilometersPerHour: Double, met: Double)] = [
        (0, 1.3), (3.2, 2.8), (4.0, 3.0), (4.8, 3.5), (5.6, 4.3), (6.4, 5.0), (7.2, 7.0), (8.0, 8.3),
        (9.7, 9.8), (11.3, 11.0), (12.9, 11.8), (16.1, 14.5),
    ]

    /// The MET for a second with a heart rate under ``keytelMinimumHeartRate`` and no speed: 2.8, light-effort
    /// calisthenics in the 2011 Compendium, as much as walking at 3.2 km/h (the table's row). The same for every
    /// kind of workout until each kind has its own.
    public static let metWithoutSpeed = 2.8

    /// The MET value for moving at `speedMetersPerSecond` on foot.
    public static func met(speedMetersPerSecond: Double) -> Double {
        let kmh = max(0, speedMetersPerSecond * 3.6)
        guard let upper = metBySpeed.firstIndex(where: { $0.kilometersPerHour >= kmh }) else {
            return metBySpeed[metBySpeed.count - 1].met
        }
        guard upper > 0 else { return metBySpeed[0].met }
        let low = metBySpeed[upper - 1], high = metBySpeed[upper]
        let fraction = (kmh - low.kilometersPerHour) / (high.kilometersPerHour - low.kilometersPerHour)
        return low.met + fraction * (high.met - low.met)
    }

    /// Energy spent over `seconds` at the given heart rate and speed (either may be unknown).
    public static func kilocalories(
        seconds: Double, heartRate: Int?, speedMetersPerSecond: Double?, person: Person
    ) -> Double {
        if let heartRate, heartRate >= keytelMinimumHeartRate {
            return keytelKilocaloriesPerMinute(heartRate: heartRate, person: person) * seconds / 60
        }
        if let speedMetersPerSecond {
            return met(speedMetersPerSecond: speedMetersPerSecond) * person.weightKilograms * seconds / 3600
        }
        guard heartRate != nil else { return 0 }
        return metWithoutSpeed * person.weightKilograms * seconds / 3600
    }
}
