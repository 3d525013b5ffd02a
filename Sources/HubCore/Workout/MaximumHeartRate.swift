/// The maximum heart rate predicted from age: Tanaka, Monahan & Seals (2001), `208 − 0.7 × age`.
///
/// The formula lives here only, so that the voice coach's zone changes and the reports' zone pictures agree when no
/// measured maximum is configured.
public enum MaximumHeartRate {
    /// The predicted maximum, beats per minute, for `ageYears` (held to 0 through 120).
    public static func predicted(ageYears: Int) -> Double {
        208 - 0.7 * Double(min(120, max(0, ageYears)))
    }
}
