/// The five common heart-rate zones as shares of the maximum heart rate (TECHREF §10): zone 1 from 50 %, then 60, 70,
/// 80 and 90 %, and their names as people say them.
///
/// Defined once, beside ``MaximumHeartRate``, so that the voice coach's zone changes and the reports' zone pictures
/// agree.
public enum HeartRateZoneScale {
    /// The lower limits of zones 1 to 5, as shares of the maximum heart rate.
    public static let lowerShares: [Double] = [0.5, 0.6, 0.7, 0.8, 0.9]
    /// The names of zones 1 to 5.
    public static let names = ["very light", "light", "moderate", "hard", "maximum"]
}
