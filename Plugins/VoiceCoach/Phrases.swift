import HubCore

/// Turns figures into words a person would say: "5.2 kilometres", "pace 5 minutes 30 per kilometre",
/// "1 kilometre" but "2 kilometres", "32 minutes 10 seconds".
///
/// Takes any value, however absurd (a NaN, a speed of 10^9 m/s), and returns words or nil: nothing here can trap.
public struct Phrases: Sendable {
    public var units: SpeechUnits
    public var speedStyle: SpeedStyle

    /// Below this speed (about 50 minutes per kilometre) nobody moves: no pace is said.
    static let slowestSpeedMetersPerSecond = 0.33

    public init(units: SpeechUnits, speedStyle: SpeedStyle = .pace) {
        self.units = units
        self.speedStyle = speedStyle
    }

    // MARK: - Numbers

    /// `count` and the noun, singular for exactly one: "1 minute", "2 minutes", "0 kilometres".
    static func counted(_ count: Int, _ one: String, _ many: String) -> String { Format.counted(count, one, many) }

    /// A whole number from any `Double`: rounded, and clamped to ±10^12 (NaN is 0).
    static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(1e12, max(-1e12, value.rounded())))
    }

    /// One decimal, without a trailing ".0": "5.2", "5", "0.4".
    static func oneDecimal(_ value: Double) -> String {
        let tenths = whole(value * 10)
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    // MARK: - Figures

    /// "32 minutes 10 seconds", "1 hour 5 minutes", "45 seconds"; seconds are left out from an hour on.
    public func duration(seconds total: Int) -> String {
        let total = max(0, total)
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        var parts: [String] = []
        if hours > 0 { parts.append(Self.counted(hours, "hour", "hours")) }
        if minutes > 0 { parts.append(Self.counted(minutes, "minute", "minutes")) }
        if seconds > 0 && hours == 0 || parts.isEmpty { parts.append(Self.counted(seconds, "second", "seconds")) }
        return parts.joined(separator: " ")
    }

    /// "5.2 kilometres", "1 kilometre", "850 metres" (under a kilometre, to 10 m), or in miles: "3.1 miles",
    /// "1 mile", "0.1 miles", "50 yards" (what would round to 0.0 miles, to 10 yards).
    public func distance(meters: Double) -> String {
        let meters = meters.isFinite ? max(0, meters) : 0
        let inUnits = meters / units.metersPerUnit
        if Self.whole(inUnits * 10) < (units == .metric ? 10 : 1) {
            let small = units.smallUnit
            let count = Self.whole(meters / small.meters / 10) * 10
            return Self.counted(count, small.one, small.many)
        }
        let text = Self.oneDecimal(inUnits)
        return "\(text) \(text == "1" ? units.unit.one : units.unit.many)"
    }

    /// "5 minutes 30 per kilometre", "6 minutes per mile", "45 seconds per kilometre"; nil when standing.
    public func pace(metersPerSecond speed: Double?) -> String? {
        guard let speed, speed.isFinite, speed >= Self.slowestSpeedMetersPerSecond else { return nil }
        let secondsPerUnit = Self.whole(units.metersPerUnit / speed)
        let minutes = secondsPerUnit / 60, seconds = secondsPerUnit % 60
        let per = "per \(units.unit.one)"
        if minutes == 0 { return "\(Self.counted(seconds, "second", "seconds")) \(per)" }
        let head = Self.counted(minutes, "minute", "minutes")
        return seconds == 0 ? "\(head) \(per)" : "\(head) \(seconds) \(per)"
    }

    /// "12.5 kilometres per hour", "1 mile per hour"; nil when unknown.
    public func speed(metersPerSecond speed: Double?) -> String? {
        guard let speed, speed.isFinite, speed >= 0 else { return nil }
        let text = Self.oneDecimal(speed * 3600 / units.metersPerUnit)
        return "\(text) \(text == "1" ? units.unit.one : units.unit.many) per hour"
    }

    /// How fast, in the words of the workout's kind: on foot "pace 5 minutes 30 per kilometre" or "speed 12.5
    /// kilometres per hour" as configured, on a bike always speed, on a rower the split "2 minutes 5 per 500
    /// metres"; nil for a kind that covers no distance. `average` puts "average" first. Nil when standing.
    public func howFast(metersPerSecond speed: Double?, average: Bool = false, kind: WorkoutKind = .default) -> String?
    {
        let lead = average ? "average " : ""
        switch (kind.movement, speedStyle) {
        case (.inPlace, _): return nil
        case (.rowing, _): return split(metersPerSecond: speed).map { "\(lead)split \($0)" }
        case (.onFoot, .pace): return pace(metersPerSecond: speed).map { "\(lead)pace \($0)" }
        case (.onFoot, .speed), (.wheels, _): return self.speed(metersPerSecond: speed).map { "\(lead)speed \($0)" }
        }
    }

    /// A rower's pace, the time for 500 metres whatever the units (rowing counts in metres): "2 minutes 5 per 500
    /// metres"; nil when standing.
    public func split(metersPerSecond speed: Double?) -> String? {
        guard let speed, speed.isFinite, speed >= Self.slowestSpeedMetersPerSecond else { return nil }
        let seconds = Self.whole(500 / speed)
        let head = Self.counted(seconds / 60, "minute", "minutes")
        return seconds % 60 == 0 ? "\(head) per 500 metres" : "\(head) \(seconds % 60) per 500 metres"
    }

    /// "average power 205 watts".
    public func power(_ watts: Double, average: Bool = false) -> String {
        (average ? "average power " : "power ") + Self.counted(Self.whole(watts), "watt", "watts")
    }

    /// "heart rate 142", "average heart rate 139".
    public func heartRate(_ beatsPerMinute: Double, average: Bool = false) -> String {
        (average ? "average heart rate " : "heart rate ") + "\(Self.whole(beatsPerMinute))"
    }

    /// "380 kilocalories", "1 kilocalorie".
    public func energy(kilocalories: Double) -> String {
        Self.counted(Self.whole(max(0, kilocalories)), "kilocalorie", "kilocalories")
    }

    /// The goal's target: "10 kilometres", "30 minutes", "10000 steps", "500 kilocalories".
    public func goal(_ goal: Goal) -> String {
        switch goal.kind {
        case .distance: distance(meters: goal.target)
        case .duration: duration(seconds: Self.whole(goal.target))
        case .steps: Self.counted(Self.whole(goal.target), "step", "steps")
        case .kcal: energy(kilocalories: goal.target)
        }
    }

    /// "zone 3, moderate"; "below zone 1" for zone 0.
    public func zone(_ zone: HeartRateZone) -> String {
        zone.number == 0 ? "below zone 1" : "zone \(zone.number), \(zone.name)"
    }

    /// A sentence from parts: the first letter capitalised, a full stop at the end.
    public static func sentence(_ parts: [String]) -> String {
        let text = parts.filter { !$0.isEmpty }.joined(separator: ", ")
        guard let first = text.first else { return "" }
        return first.uppercased() + text.dropFirst() + "."
    }
}
