import HubCore
import Reports

/// The parts of `stayfit workouts show` that come from the seconds: splits and time in heart-rate zones.
enum WorkoutDetailLines {
    static func lines(samples: [WorkoutSample], zones: HeartRateZones, units: UnitSystem) -> [String] {
        var lines: [String] = []
        let splits = Split.of(samples, unitMeters: units.splitMeters)
        if !splits.isEmpty {
            lines.append("  Splits      per \(units.distanceUnit)")
            for split in splits {
                let partial = split.distanceMeters < units.splitMeters - 0.5
                lines.append(
                    "    \(split.number)\(partial ? " (\(units.distance(meters: split.distanceMeters)))" : "")  "
                        + "\(Format.clock(seconds: Int(split.seconds.rounded())))  "
                        + "\(units.pace(metersPerSecond: split.metersPerSecond))"
                        + (split.averageHeartRate.map { "  HR \(Int($0.rounded()))" } ?? ""))
            }
        }
        let seconds = zones.secondsInZones(samples.map(\.heartRate))
        let total = seconds.reduce(0, +)
        if total > 0 {
            lines.append("  HR zones    of max \(Int(zones.maximum.rounded())) bpm")
            for zone in stride(from: 5, through: 1, by: -1) {
                let bounds = zones.bounds
                lines.append(
                    "    Z\(zone) \(pad(HeartRateZones.names[zone - 1], 11)) "
                        + pad("\(Int(bounds[zone - 1].rounded()))–\(Int(bounds[zone].rounded()))", 8)
                        + pad(Format.clock(seconds: seconds[zone]), 8)
                        + "\(Format.fixed(Double(seconds[zone]) / Double(total) * 100, decimals: 0))%")
            }
            if seconds[0] > 0 {
                lines.append(
                    "    below Z1        <\(Int(zones.bounds[0].rounded()))    "
                        + pad(Format.clock(seconds: seconds[0]), 8)
                        + "\(Format.fixed(Double(seconds[0]) / Double(total) * 100, decimals: 0))%")
            }
        }
        return lines
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
