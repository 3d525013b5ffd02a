import HubCore

/// `target power 200`, `target incline 3`: a fitness machine's target in words, within what the hub sends a machine.
enum MachineTargetWords {
    /// The targets, their units and the values the hub accepts (a trainer's ERG range, a treadmill's belt).
    static let ranges: [(name: String, unit: String, range: ClosedRange<Double>)] = [
        ("power", "watts", 0...2000), ("resistance", "level", 0...100), ("speed", "km/h", 0...30),
        ("incline", "%", -10...40),
    ]

    /// The command for the words after `target`, or a mistake that says what a target looks like.
    static func parse(_ words: String) -> ConsoleCommand {
        let parts = words.split(separator: " ").map(String.init)
        let usage =
            "A target is one of: " + ranges.map { "target \($0.name) N (\($0.unit))" }.joined(separator: ", ") + "."
        guard parts.count == 2, let entry = ranges.first(where: { $0.name == parts[0] }) else {
            return .mistake(usage)
        }
        guard let value = Double(parts[1]), value.isFinite else {
            return .mistake("\"\(Format.printable(parts[1], limit: 20))\" is not a number. \(usage)")
        }
        guard entry.range.contains(value) else {
            let low = Format.fixed(entry.range.lowerBound, decimals: 0),
                high = Format.fixed(entry.range.upperBound, decimals: 0)
            return .mistake("The \(entry.name) target goes from \(low) to \(high) \(entry.unit).")
        }
        switch entry.name {
        case "power": return .target(.power(watts: Int(value.rounded())))
        case "resistance": return .target(.resistance(level: value))
        case "speed": return .target(.speed(metersPerSecond: value / 3.6))
        default: return .target(.incline(percent: value))
        }
    }
}
