import Foundation
import HubCore

/// A built-in, repeatable run: laps of a 1 km loop in Berlin's Tiergarten with a plausible heart rate,
/// speed and cadence (warm-up, steady middle with gentle intervals, cool-down).
public enum SyntheticRun {
    static let center = (latitude: 52.5145, longitude: 13.3501)
    static let loopMeters = 1000.0
    static let metersPerDegreeLatitude = Geo.earthRadiusMeters * .pi / 180

    /// One reading per second for `minutes` minutes.
    public static func make(minutes: Int) -> [SimulatedSecond] {
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
            let speed = 2.3 + 0.8 * warm - 0.6 * cool + 0.25 * wave  // m/s
            let heartRate = 95 + 55 * warm - 20 * cool + 8 * wave
            let cadence = 150 + 18 * warm - 10 * cool  // steps per minute
            let north = radius * sin(angle), east = radius * cos(angle)
            seconds.append(
                SimulatedSecond(
                    offset: second, heartRate: Int(heartRate.rounded()),
                    latitude: center.latitude + north / metersPerDegreeLatitude,
                    longitude: center.longitude
                        + east / (metersPerDegreeLatitude * cos(center.latitude * .pi / 180)),
                    steps: Int(steps)))
            angle += speed / radius
            steps += cadence / 60
        }
        return seconds
    }
}
