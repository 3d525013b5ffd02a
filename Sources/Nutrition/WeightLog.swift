import Foundation
import HubCore
import Records

/// Logging a weighing, as `stayfit weight 72.4` and the web's weight form do: checked, logged, and made the
/// profile's weight (which the calorie estimates and the budget use).
public enum WeightLog {
    /// The weights a person can be, in kilograms: under or over is a typing mistake.
    public static let plausibleKilograms = 20.0...400.0

    /// `kilograms` if a person can weigh it.
    ///
    /// - Throws: `NutritionError` for a weight out of ``plausibleKilograms`` or not a number.
    public static func checked(_ kilograms: Double) throws(NutritionError) -> Double {
        guard kilograms.isFinite, plausibleKilograms.contains(kilograms) else {
            throw NutritionError(
                "\(Format.printable("\(kilograms)", limit: 20)) kg is not a weight", fix: "Give 20 to 400 kg.")
        }
        return kilograms
    }

    /// Logs `kilograms` for the current person at `now` and makes it their profile's weight.
    ///
    /// - Throws: `NutritionError` for a weight that is not one (nothing is written), or the store's error.
    public static func log(_ kilograms: Double, at now: Date, in diary: any FoodDiary) async throws {
        let kilograms = try checked(kilograms)
        try await diary.logWeight(WeightEntry(measuredAt: now, day: "\(CalendarDay(local: now))", kilograms: kilograms))
        if var profile = try await diary.profile() {
            profile.weightKilograms = kilograms
            try await diary.saveProfile(profile, at: now)
        }
    }

    /// "72.4 kg; down 0.4 kg a week over 5 weeks (8 weighings).", from the last 90 days' weighings; nil without any.
    public static func trend(at now: Date, in diary: any FoodLedger) async throws -> String? {
        let weighings = try await diary.weights(since: now.addingTimeInterval(-90 * 86_400))
        guard let last = weighings.last else { return nil }
        return WeightTrend(weighings).sentence(latest: last)
    }
}
