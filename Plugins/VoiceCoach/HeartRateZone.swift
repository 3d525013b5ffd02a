import HubCore

/// One of the five common heart-rate zones, as a share of the maximum heart rate (TECHREF §10), or zone 0 below
/// the first.
public struct HeartRateZone: Sendable, Equatable, Hashable, Comparable {
    /// 0 (below 50 % of the maximum) to 5.
    public var number: Int

    public init(number: Int) { self.number = min(5, max(0, number)) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.number < rhs.number }

    /// Plain words for the zone: "very light", "light", "moderate", "hard", "maximum".
    public var name: String {
        (["resting"] + HeartRateZoneScale.names)[number]
    }

    /// The lowest heart rate of zone `number` (1 to 5) for `maximum`.
    static func lowerLimit(of number: Int, maximum: Int) -> Double {
        HeartRateZoneScale.lowerShares[number - 1] * Double(maximum)
    }

    /// The zone `beatsPerMinute` is in, without hysteresis.
    public static func of(_ beatsPerMinute: Int, maximum: Int) -> HeartRateZone {
        let zone = (1...5).last { Double(beatsPerMinute) >= lowerLimit(of: $0, maximum: maximum) } ?? 0
        return HeartRateZone(number: zone)
    }
}
