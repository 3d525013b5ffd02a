/// The units the coach speaks in: kilometres and metres, or miles and yards.
public enum SpeechUnits: String, CaseIterable, Sendable {
    case metric, imperial

    /// Metres in the unit distances and paces are given in: a kilometre or a mile.
    public var metersPerUnit: Double { self == .metric ? 1000 : 1609.344 }
    /// The unit's name, singular and plural.
    var unit: (one: String, many: String) { self == .metric ? ("kilometre", "kilometres") : ("mile", "miles") }
    /// The short distances' unit, singular and plural, and its length in metres.
    var smallUnit: (one: String, many: String, meters: Double) {
        self == .metric ? ("metre", "metres", 1) : ("yard", "yards", 0.9144)
    }
}

/// Whether the coach says how fast as a pace (time per kilometre or mile, for running) or a speed (per hour).
public enum SpeedStyle: String, CaseIterable, Sendable {
    case pace, speed
}
