import Foundation
import HubCore

/// A built-in, repeatable outdoor workout: laps of a 1 km loop in Berlin's Tiergarten with a plausible heart rate,
/// speed and cadence (warm-up, steady middle with gentle intervals, cool-down), run, walked or ridden.
public enum SyntheticRun {
    /// How the person goes round the loop: speed in m/s, steps a minute (none on a bike) and heart rate, each as
    /// its steady value plus what the warm-up adds, the cool-down takes off and the gentle intervals swing.
    public struct Gait: Sendable, Equatable {
        var speed: Shape
        var stepsPerMinute: Shape?
        var heartRate: Shape

        struct Shape: Sendable, Equatable {
            var base: Double, warm: Double, cool: Double, wave: Double

            func value(warm w: Double, cool c: Double, wave v: Double) -> Double {
                base + warm * w - cool * c + wave * v
            }
        }

        /// About 11 km/h, 165 steps a minute.
        public static let run = Gait(
            speed: Shape(base: 2.3, warm: 0.8, cool: 0.6, wave: 0.25),
            stepsPerMinute: Shape(base: 150, warm: 18, cool: 10, wave: 0),
            heartRate: Shape(base: 95, warm: 55, cool: 20, wave: 8))
        /// About 5.4 km/h, 115 steps a minute.
        public static let walk = Gait(
            speed: Shape(base: 1.2, warm: 0.3, cool: 0.3, wave: 0.1),
            stepsPerMinute: Shape(base: 100, warm: 15, cool: 10, wave: 0),
            heartRate: Shape(base: 80, warm: 25, cool: 10, wave: 4))
        /// About 27 km/h on the flat, no steps.
        public static let ride = Gait(
            speed: Shape(base: 5.0, warm: 2.5, cool: 2.0, wave: 0.8),
            stepsPerMinute: nil,
            heartRate: Shape(base: 95, warm: 45, cool: 20, wave: 8))

        /// The gait of an outdoor kind: walk and ride their own, anything else run.
        public static func of(_ kind: WorkoutKind?) -> Gait {
            switch kind {
            case .walk: .walk
            case .ride: .ride
            default: .run
            }
        }
    }

    static let center = (latitude: 52.5145, longitude: 13.3501)
    static let loopMeters = 1000.0
    static let metersPerDegreeLatitude = Geo.earthRadiusMeters * .pi / 180

    /// One reading per second for `minutes` minutes.
    public static func make(minutes: Int, gait: Gait = .run) -> [SimulatedSecond] {
        let total = max(1, minutes * 60)
        let radius = loopMeters / (2 * .pi)
        var angle = 0.0
        var steps = 0.0
        var seconds: [SimulatedSecond] = []
        seconds.reserveCapacity(total)
        for second in 0..<total {
            let progress = Double(second) / Double(total)
            let warm = min(1, Double(second) / 180)  // three minutes of warm-up
            let cool = progress > 0.9 ? (progress - 0.9) / 0.1 : 0
            let wave = sin(Double(second) / 45)  // gentle intervals
            let speed = gait.speed.value(warm: warm, cool: cool, wave: wave)  // m/s
            let heartRate = gait.heartRate.value(warm: warm, cool: cool, wave: wave)
            let cadence = gait.stepsPerMinute?.value(warm: warm, cool: cool, wave: wave)
            let north = radius * sin(angle), east = radius * cos(angle)
            seconds.append(
                SimulatedSecond(
                    offset: second, heartRate: Int(heartRate.rounded()),
                    latitude: center.latitude + north / metersPerDegreeLatitude,
                    longitude: center.longitude
                        + east / (metersPerDegreeLatitude * cos(center.latitude * .pi / 180)),
                    steps: cadence == nil ? nil : Int(steps)))
            angle += speed / radius
            steps += (cadence ?? 0) / 60
        }
        return seconds
    }
}
