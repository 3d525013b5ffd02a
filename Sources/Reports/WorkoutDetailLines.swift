import HubCore

/// The parts of `stayfit workouts show` that come from the seconds: splits and time in heart-rate zones; as lines
/// for the CLI and as rows for the web app's workout page.
public enum WorkoutDetailLines {
    /// One split: "3" or "4 (0.42 km)" for a last, partial one; its time, pace and average heart rate.
    public struct SplitRow: Sendable, Equatable {
        public var split: String
        public var time: String
        public var pace: String
        public var heartRate: Int?
    }

    /// One heart-rate zone, hardest first: "Z5", "Maximum", "171–190" bpm, "4:10", "9%"; the time below zone 1
    /// is the last row, named "below Z1", when there is any.
    public struct ZoneRow: Sendable, Equatable {
        public var zone: String
        public var name: String
        public var beatsPerMinute: String
        public var time: String
        public var percent: String
    }

    /// The CLI's lines.
    public static func lines(samples: [WorkoutSample], zones: HeartRateZones, units: UnitSystem) -> [String] {
        var lines: [String] = []
        let splits = splitRows(samples: samples, units: units)
        if !splits.isEmpty {
            lines.append("  Splits      per \(units.distanceUnit)")
            for split in splits {
                lines.append(
                    "    \(split.split)  \(split.time)  \(split.pace)" + (split.heartRate.map { "  HR \($0)" } ?? ""))
            }
        }
        let zoneRows = zoneRows(samples: samples, zones: zones)
        if !zoneRows.isEmpty {
            lines.append("  HR zones    of max \(Int(zones.maximum.rounded())) bpm")
            for row in zoneRows {
                lines.append(
                    row.zone == "below Z1"
                        ? "    below Z1        \(row.beatsPerMinute)    " + pad(row.time, 8) + row.percent
                        : "    \(row.zone) \(pad(row.name, 11)) " + pad(row.beatsPerMinute, 8) + pad(row.time, 8)
                            + row.percent)
            }
        }
        return lines
    }

    /// The splits per kilometre or mile, in the configured units; empty without a distance.
    public static func splitRows(samples: [WorkoutSample], units: UnitSystem) -> [SplitRow] {
        Split.of(samples, unitMeters: units.splitMeters).map { split in
            let partial = split.distanceMeters < units.splitMeters - 0.5
            return SplitRow(
                split: "\(split.number)\(partial ? " (\(units.distance(meters: split.distanceMeters)))" : "")",
                time: Format.clock(seconds: Int(split.seconds.rounded())),
                pace: units.pace(metersPerSecond: split.metersPerSecond),
                heartRate: split.averageHeartRate.map { Int($0.rounded()) })
        }
    }

    /// The time in each zone, hardest first, and below zone 1 when any; empty without a heart rate.
    public static func zoneRows(samples: [WorkoutSample], zones: HeartRateZones) -> [ZoneRow] {
        let seconds = zones.secondsInZones(samples.map(\.heartRate))
        let total = seconds.reduce(0, +)
        guard total > 0 else { return [] }
        let bounds = zones.bounds
        let percent = { (zone: Int) in
            "\(Format.fixed(Double(seconds[zone]) / Double(total) * 100, decimals: 0))%"
        }
        var rows = stride(from: 5, through: 1, by: -1).map { zone in
            ZoneRow(
                zone: "Z\(zone)", name: HeartRateZones.names[zone - 1],
                beatsPerMinute: "\(Int(bounds[zone - 1].rounded()))–\(Int(bounds[zone].rounded()))",
                time: Format.clock(seconds: seconds[zone]), percent: percent(zone))
        }
        if seconds[0] > 0 {
            rows.append(
                ZoneRow(
                    zone: "below Z1", name: "", beatsPerMinute: "<\(Int(bounds[0].rounded()))",
                    time: Format.clock(seconds: seconds[0]), percent: percent(0)))
        }
        return rows
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
