/// What a person's heart can do: the one range every heart-rate path of the hub checks against.
///
/// A strap's reading outside it is dropped and counted (a heart rate) or left out of the reading (an RR interval);
/// a file or recording with one is refused with its line; the all-day log and the workout never store one.
extension HeartRateMeasured {
    /// 25 to 250 bpm. Below 25 no waking or sleeping adult's heart beats (trained athletes rest near 30); above 250 no
    /// heart pumps (a sprinting 20-year-old reaches about 200). A slipping strap was seen to report 6 and 300 bpm.
    public static let plausibleBeatsPerMinute = 25...250

    /// 250 to 2,500 ms between two beats: 240 down to 24 bpm, the heart-rate range with a little room for one
    /// beat coming early or late. A slipping strap was seen to report 0.98 ms and 63,999 ms.
    public static let plausibleRRIntervalMilliseconds = 250.0...2500.0

    /// Whether `beatsPerMinute` lies in ``plausibleBeatsPerMinute``.
    public static func isPlausible(beatsPerMinute: Int) -> Bool { plausibleBeatsPerMinute.contains(beatsPerMinute) }

    /// Whether an RR interval in 1/1024 s lies in ``plausibleRRIntervalMilliseconds``.
    public static func isPlausible(rrInterval1024: UInt16) -> Bool {
        plausibleRRIntervalMilliseconds.contains(milliseconds(rrInterval1024: rrInterval1024))
    }

    /// An RR interval in the strap's 1/1024 s as milliseconds, the unit people read: the one place the hub converts.
    public static func milliseconds(rrInterval1024: UInt16) -> Double { Double(rrInterval1024) * 1000 / 1024 }

    /// The range as people read it: "25–250 bpm".
    public static var plausibleRangeDescription: String {
        "\(plausibleBeatsPerMinute.lowerBound)–\(plausibleBeatsPerMinute.upperBound) bpm"
    }
}
