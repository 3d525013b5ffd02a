import HubCore

/// The figures that matter for a kind of workout, in the CLI's tables: pace on foot, speed on a bike, the split per
/// 500 m on a rower; power and cadence where they were measured.
enum KindFigures {
    /// "5:30 /km", "31.2 km/h", "2:05 /500m", or "--" without a speed or for a kind that covers no distance.
    static func paceOrSpeed(_ metersPerSecond: Double?, of kind: WorkoutKind) -> String {
        Format.howFast(metersPerSecond: metersPerSecond, kind: kind)
    }

    /// "  Power       avg 205 W, max 410 W, normalised 221 W, 512 kJ" and "  Cadence     avg 88 rpm, max 104 rpm", for
    /// the totals that have them.
    static func powerAndCadence(_ totals: WorkoutTotals, of kind: WorkoutKind) -> [String] {
        var lines: [String] = []
        if let average = totals.averagePower {
            var parts = ["avg \(Format.wholeNumber(average.rounded())) W"]
            if let max = totals.maxPower { parts.append("max \(max) W") }
            if let normalized = totals.normalizedPower {
                parts.append("normalised \(Format.wholeNumber(normalized.rounded())) W")
            }
            if let work = totals.workKilojoules { parts.append("\(Format.wholeNumber(work.rounded())) kJ") }
            lines.append("  Power       " + parts.joined(separator: ", "))
        }
        if let average = totals.averageCadence {
            let unit = Format.cadenceUnit(of: kind)
            var parts = ["avg \(Format.wholeNumber(average.rounded())) \(unit)"]
            if let max = totals.maxCadence { parts.append("max \(max) \(unit)") }
            lines.append("  Cadence     " + parts.joined(separator: ", "))
        }
        return lines
    }
}
