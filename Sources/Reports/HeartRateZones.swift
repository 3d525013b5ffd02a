import Foundation
import HubCore

/// The five heart-rate zones as percentages of the maximum heart rate (50–60 … 90–100 %), and time spent in each.
///
/// The maximum is the one predicted from age (`MaximumHeartRate`) unless a measured one is given.
public struct HeartRateZones: Sendable, Equatable, Codable {
    /// The maximum heart rate the zones are fractions of, bpm.
    public var maximum: Double

    /// Zone names as people say them.
    public static let names = HeartRateZoneScale.names

    public init(maximumHeartRate: Double) { maximum = maximumHeartRate }

    /// Zones from an age in years (the predicted maximum); 35 years when the age is unknown.
    public init(ageYears: Int?) { maximum = MaximumHeartRate.predicted(ageYears: ageYears ?? 35) }

    /// Lower bounds of zones 1–5 in bpm, then the maximum: six numbers.
    public var bounds: [Double] { (HeartRateZoneScale.lowerShares + [1.0]).map { $0 * maximum } }

    /// The zone (1–5) of a heart rate; 0 below zone 1. Above the maximum is still zone 5.
    public func zone(of beatsPerMinute: Double) -> Int {
        // Against the bounds themselves, with a hair of tolerance: 0.7 × 180 is 125.99999999999999 in binary.
        bounds.prefix(5).filter { beatsPerMinute >= $0 - 1e-9 }.count
    }

    /// Seconds at each zone 0…5 (0: below zone 1) over a workout's per-second heart rates; gaps count nowhere.
    public func secondsInZones(_ heartRates: [Int?]) -> [Int] {
        var seconds = [Int](repeating: 0, count: 6)
        for case let rate? in heartRates { seconds[zone(of: Double(rate))] += 1 }
        return seconds
    }
}
