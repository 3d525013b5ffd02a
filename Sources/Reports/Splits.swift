import Foundation
import HubCore

/// One kilometre or mile of a workout: how long it took and the heart rate in it.
public struct Split: Sendable, Equatable, Codable {
    /// 1-based.
    public var number: Int
    /// Metres in this split: a whole kilometre or mile, less for the last, partial one.
    public var distanceMeters: Double
    public var seconds: Double
    public var averageHeartRate: Double?

    /// Seconds per whole unit, for the pace column.
    public var metersPerSecond: Double? { seconds > 0 ? distanceMeters / seconds : nil }

    /// Cuts a workout's seconds into splits of `unitMeters`, from the running distance of each second.
    ///
    /// The second a split ends is found by interpolating the distance inside the second it is crossed, so a split
    /// is not a whole second off; a last partial split of at least 10 m is kept.
    public static func of(_ samples: [WorkoutSample], unitMeters: Double) -> [Split] {
        guard unitMeters > 0 else { return [] }
        var splits: [Split] = []
        var (previousDistance, previousSecond) = (0.0, 0.0)
        var splitStart = 0.0
        var beats = 0, beatSeconds = 0
        for sample in samples {
            let second = Double(sample.second)
            let distance = sample.distanceMeters
            if let rate = sample.heartRate { (beats, beatSeconds) = (beats + rate, beatSeconds + 1) }
            while distance >= Double(splits.count + 1) * unitMeters, distance > previousDistance {
                let mark = Double(splits.count + 1) * unitMeters
                let at =
                    previousSecond + (mark - previousDistance) / (distance - previousDistance)
                    * (second - previousSecond)
                splits.append(
                    Split(
                        number: splits.count + 1, distanceMeters: unitMeters, seconds: at - splitStart,
                        averageHeartRate: beatSeconds > 0 ? Double(beats) / Double(beatSeconds) : nil))
                splitStart = at
                (beats, beatSeconds) = (0, 0)
            }
            (previousDistance, previousSecond) = (distance, second)
        }
        let rest = previousDistance - Double(splits.count) * unitMeters
        if rest >= 10, previousSecond > splitStart {
            splits.append(
                Split(
                    number: splits.count + 1, distanceMeters: rest, seconds: previousSecond - splitStart,
                    averageHeartRate: beatSeconds > 0 ? Double(beats) / Double(beatSeconds) : nil))
        }
        return splits
    }
}
