import Records

/// Energy estimates: mechanical work from a power meter, Keytel et al. (2005) from heart rate, or the 2011
/// Compendium of Physical Activities' MET values by kind of workout and speed.
///
/// Power wins when there is a reading: it is measured work. Keytel is used from 90 bpm up (its fit came from steady
/// exercise); below that, or without a fresh heart rate, the kind's MET value for the current speed is used (walking
/// and running on foot, cycling on wheels). A second with a heart rate below 90 bpm but no speed counts the kind's
/// MET without a speed (``metWithoutSpeed`` on foot). With neither a heart rate, a speed nor a cadence, no energy is
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

    /// The MET for a second with a heart rate under ``keytelMinimumHeartRate`` and no speed on foot or of another
    /// kind: 2.8, light-effort calisthenics in the 2011 Compendium (code 02020), as much as walking at 3.2 km/h.
    public static let metWithoutSpeed = 2.8

    /// Cycling METs by speed in km/h (2011 Compendium, codes 01009–01060: leisure 8.9 km/h 3.5; 16.1–19.2 km/h 6.8;
    /// 19.3–22.4 km/h 8.0; 22.5–25.6 km/h 10.0; 25.7–30.6 km/h 12.0; over 32.2 km/h racing 15.8); at a standstill
    /// 1.3, standing or sitting quietly (07040), as on foot. Interpolated between rows; a trainer's speed is taken as
    /// a road speed.
    static let cyclingMETBySpeed: [(kilometersPerHour: Double, met: Double)] = [
        (0, 1.3), (8.9, 3.5), (16.1, 6.8), (19.3, 8.0), (22.5, 10.0), (25.7, 12.0), (32.2, 15.8),
    ]

    /// A stationary bike without a speed, light effort: 3.5 MET (2011 Compendium 02012, "bicycling, stationary,
    /// 30–50 watts, very light to light effort"); used, like ``metWithoutSpeed``, under 90 bpm.
    public static let stationaryBikeMET = 3.5

    /// Rowing on an ergometer, moderate effort: 4.8 MET (2011 Compendium 02071); a rower's speed is not a boat's,
    /// so it does not change the value.
    public static let rowingMET = 4.8

    /// Strength training, several exercises of 8–15 repetitions: 3.5 MET (2011 Compendium 02054).
    public static let strengthMET = 3.5

    /// The gross efficiency of a person turning food into mechanical work on a bike: about 24 % (the 20–25 % of
    /// Ettema & Lorås 2009, "Efficiency in cycling: a review"). It serves every kind with a power reading but
    /// rowing. A kilojoule of work then costs 1 ÷ 4.184 ÷ 0.24 ≈ 0.996 kcal: about one kcal a kJ.
    public static let grossEfficiency = 0.24

    /// The gross efficiency of rowing: 18 %. Rowing moves the whole body back and forth on the slide, work the
    /// ergometer does not measure, so less of the food's energy reaches the handle than a bike's pedals: Fukunaga
    /// et al. 1986 ("Mechanical efficiency in rowing", Eur J Appl Physiol 55:471–475) measured a gross efficiency
    /// almost constant at 17.5 % from 124 to 182 W, and 18–20 % is the figure usually given. A kilojoule at the
    /// handle then costs 1 ÷ 4.184 ÷ 0.18 ≈ 1.328 kcal.
    ///
    /// Concept2's own monitor counts 4 kcal a kJ plus 300 kcal an hour (kcal/h = 4 × 0.8604 × W + 300): 816 kcal/h at
    /// 150 W where this says 717, and 472 at 50 W where this says 239. Its fixed 300 kcal an hour is the same for
    /// every body and every effort; one efficiency, as for cycling, keeps the two kinds comparable.
    public static let rowingGrossEfficiency = 0.18

    /// The gross efficiency for a workout of `kind`: ``rowingGrossEfficiency`` on a rower, else
    /// ``grossEfficiency``.
    public static func grossEfficiency(for kind: WorkoutKind) -> Double {
        kind.movement == .rowing ? rowingGrossEfficiency : grossEfficiency
    }

    /// The MET value for moving at `speedMetersPerSecond` on foot.
    public static func met(speedMetersPerSecond: Double) -> Double {
        interpolate(metBySpeed, kilometersPerHour: speedMetersPerSecond * 3.6)
    }

    /// The MET value of a kind of workout, at a speed when one is known: walking and running by speed on foot,
    /// cycling by speed on wheels (a stationary bike without one), rowing and strength as constants, and
    /// ``metWithoutSpeed`` for what the hub knows nothing of.
    public static func met(kind: WorkoutKind, speedMetersPerSecond: Double?) -> Double {
        switch kind.movement {
        case .onFoot: speedMetersPerSecond.map { met(speedMetersPerSecond: $0) } ?? metWithoutSpeed
        case .wheels:
            speedMetersPerSecond.map { interpolate(cyclingMETBySpeed, kilometersPerHour: $0 * 3.6) }
                ?? stationaryBikeMET
        case .rowing: rowingMET
        case .inPlace: kind == .strength ? strengthMET : metWithoutSpeed
        }
    }

    private static func interpolate(_ table: [(kilometersPerHour: Double, met: Double)], kilometersPerHour: Double)
        -> Double
    {
        let kmh = max(0, kilometersPerHour)
        guard let upper = table.firstIndex(where: { $0.kilometersPerHour >= kmh }) else {
            return table[table.count - 1].met
        }
        guard upper > 0 else { return table[0].met }
        let low = table[upper - 1], high = table[upper]
        let fraction = (kmh - low.kilometersPerHour) / (high.kilometersPerHour - low.kilometersPerHour)
        return low.met + fraction * (high.met - low.met)
    }

    /// The food energy behind `powerWatts` of mechanical power over `seconds` in a workout of `kind`: work (kJ) ÷
    /// 4.184 ÷ the kind's gross efficiency (``grossEfficiency(for:)``).
    public static func kilocalories(seconds: Double, powerWatts: Int, kind: WorkoutKind = .default) -> Double {
        Double(max(0, powerWatts)) * seconds / 1000 / 4.184 / grossEfficiency(for: kind)
    }

    /// Energy spent over `seconds` in a workout of `kind` at the given power, heart rate and speed (each may be
    /// unknown).
    ///
    /// Measured work wins: with a power reading the energy is the work over the kind's gross efficiency
    /// (``grossEfficiency(for:)``: 18 % rowing, 24 % otherwise). Then Keytel from
    /// 90 bpm; then the kind's MET at the speed (``met(kind:speedMetersPerSecond:)``); then, with a heart rate or a
    /// cadence (the person moves, at whatever speed), the kind's MET without a speed. With nothing measured, no
    /// energy is counted.
    public static func kilocalories(
        seconds: Double, heartRate: Int?, speedMetersPerSecond: Double?, person: Person, kind: WorkoutKind = .default,
        powerWatts: Int? = nil, isMoving: Bool = false
    ) -> Double {
        if let powerWatts { return kilocalories(seconds: seconds, powerWatts: powerWatts, kind: kind) }
        if let heartRate, heartRate >= keytelMinimumHeartRate {
            return keytelKilocaloriesPerMinute(heartRate: heartRate, person: person) * seconds / 60
        }
        guard speedMetersPerSecond != nil || heartRate != nil || isMoving else { return 0 }
        return met(kind: kind, speedMetersPerSecond: speedMetersPerSecond) * person.weightKilograms * seconds / 3600
    }
}
