extension Format {
    /// How fast in a kind's words, metric: "5:30 /km" on foot, "31.2 km/h" on a bike, "2:05 /500m" on a rower
    /// (500 m whatever the units: rowing counts in metres), "--" for a kind that covers no distance.
    public static func howFast(metersPerSecond speed: Double?, kind: WorkoutKind) -> String {
        switch kind.movement {
        case .onFoot: pace(metersPerSecond: speed)
        case .wheels: self.speed(metersPerSecond: speed)
        case .rowing: split500(metersPerSecond: speed)
        case .inPlace: "--"
        }
    }

    /// A rower's pace, the time for 500 m: "2:05 /500m"; "--" when standing.
    public static func split500(metersPerSecond speed: Double?) -> String {
        guard let speed, speed.isFinite, speed > 0.1 else { return "--" }
        return clock(seconds: Int((500 / speed).rounded())) + " /500m"
    }

    /// The unit of a kind's cadence: revolutions, steps or strokes a minute.
    public static func cadenceUnit(of kind: WorkoutKind) -> String {
        switch kind.movement {
        case .onFoot: "steps/min"
        case .rowing: "strokes/min"
        default: "rpm"
        }
    }
}
