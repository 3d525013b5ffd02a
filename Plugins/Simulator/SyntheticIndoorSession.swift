import Foundation
import HubCore

/// Built-in indoor sessions, repeatable to the second: a spin-bike ride with intervals, a treadmill run with a hill,
/// a steady row with bursts, and strength sets (a heart rate only: nothing moves). Heart rate follows the effort with a lag, as a body does (about 30 s to settle).
public enum SyntheticIndoorSession {
    /// The session for `kind`, or nil for a kind played as the built-in outdoor run.
    public static func make(kind: WorkoutKind, minutes: Int) -> [SimulatedSecond]? {
        switch kind {
        case .indoorRide: spinBike(minutes: minutes)
        case .treadmill: treadmill(minutes: minutes)
        case .row: rower(minutes: minutes)
        case .strength: strength(minutes: minutes)
        default: nil
        }
    }

    /// The effort from 0 to 1 at `second` of `total`: 5 minutes of warm-up, then 3 minutes hard and 2 easy in turn,
    /// the last tenth cooling down.
    static func effort(second: Int, total: Int) -> Double {
        let warm = min(1, Double(second) / 300)
        let cool = Double(second) > 0.9 * Double(total) ? (Double(second) / Double(total) - 0.9) / 0.1 : 0
        let hard = second >= 300 && (second - 300) % 300 < 180 ? 1.0 : 0.0
        return max(0, min(1, 0.4 * warm + 0.45 * hard * warm - 0.5 * cool + 0.1))
    }

    /// One second of heart rate after another: it moves a thirtieth of the way towards the effort's each second.
    private struct HeartRate {
        var value = 90.0
        mutating func follow(effort: Double) -> Int {
            value += (95 + 85 * effort - value) / 30
            return Int(value.rounded())
        }
    }

    /// Sets of 45 s with 75 s of rest between them after a 5-minute warm-up: the heart rate climbs in each set and
    /// falls back in the rest. No position, speed or steps: a strength session goes nowhere.
    static func strength(minutes: Int) -> [SimulatedSecond] {
        let total = max(1, minutes * 60)
        var heart = HeartRate()
        return (0..<total).map { second in
            let inSet = second >= 300 && (second - 300) % 120 < 45
            let effort = second < 300 ? 0.25 * Double(second) / 300 : (inSet ? 0.75 : 0.15)
            return SimulatedSecond(
                offset: second, heartRate: heart.follow(effort: effort), latitude: nil, longitude: nil, steps: nil)
        }
    }

    /// 150–300 W at 80–100 rpm; the wheel's speed is what that power holds on the flat (about 34 km/h at 200 W).
    static func spinBike(minutes: Int) -> [SimulatedSecond] {
        let total = max(1, minutes * 60)
        var heart = HeartRate(), distance = 0.0
        return (0..<total).map { second in
            let effort = effort(second: second, total: total)
            let power = 100 + 220 * effort + 6 * sin(Double(second) / 7)
            let cadence = 78 + 20 * effort + 2 * sin(Double(second) / 11)
            let speed = flatSpeed(watts: power)
            distance += speed
            return SimulatedSecond(
                offset: second, heartRate: heart.follow(effort: effort), latitude: nil, longitude: nil, steps: nil,
                indoor: IndoorReading(
                    origin: .wheel, speedMetersPerSecond: speed, totalDistanceMeters: distance, cadence: cadence,
                    powerWatts: Int(power.rounded())))
        }
    }

    /// The speed, m/s, that `watts` holds on a flat road: air drag (P ≈ 0.5·ρ·CdA·v³, CdA 0.32, ρ 1.2) plus rolling
    /// (4 W per m/s), solved for v by a few Newton steps.
    static func flatSpeed(watts: Double) -> Double {
        var speed = 8.0
        for _ in 0..<8 {
            speed -= (0.192 * speed * speed * speed + 4 * speed - watts) / (0.576 * speed * speed + 4)
        }
        return max(0, speed)
    }

    /// A belt from 8 to 12 km/h, with a 4 % hill in each hard block; the treadmill counts distance.
    static func treadmill(minutes: Int) -> [SimulatedSecond] {
        let total = max(1, minutes * 60)
        var heart = HeartRate(), distance = 0.0, steps = 0.0
        return (0..<total).map { second in
            let effort = effort(second: second, total: total)
            let speed = (8 + 4 * effort) / 3.6
            let cadence = 150 + 25 * effort
            distance += speed
            steps += cadence / 60
            return SimulatedSecond(
                offset: second, heartRate: heart.follow(effort: effort), latitude: nil, longitude: nil,
                steps: Int(steps),
                indoor: IndoorReading(
                    origin: .machine, speedMetersPerSecond: speed, totalDistanceMeters: distance, cadence: cadence,
                    inclinePercent: effort > 0.8 ? 4 : 1))
        }
    }

    /// 20–30 strokes a minute; a rower's pace follows its power (P = 2.80 / pace³, Concept2's formula).
    static func rower(minutes: Int) -> [SimulatedSecond] {
        let total = max(1, minutes * 60)
        var heart = HeartRate(), distance = 0.0, strokes = 0.0
        return (0..<total).map { second in
            let effort = effort(second: second, total: total)
            let power = 80 + 170 * effort
            let strokeRate = 20 + 10 * effort
            let speed = pow(power / 2.80, 1.0 / 3)
            distance += speed
            strokes += strokeRate / 60
            return SimulatedSecond(
                offset: second, heartRate: heart.follow(effort: effort), latitude: nil, longitude: nil, steps: nil,
                indoor: IndoorReading(
                    origin: .machine, speedMetersPerSecond: speed, totalDistanceMeters: distance,
                    cadence: strokeRate, powerWatts: Int(power.rounded()), strokeCount: Int(strokes)))
        }
    }
}
