import HubCore

/// Kilometres or miles: how reports and share text write distance, pace and speed, and how long a split is.
public enum UnitSystem: String, Sendable, CaseIterable, Codable {
    case metric, imperial

    /// Metres in one split: a kilometre or a mile.
    public var splitMeters: Double { self == .metric ? 1000 : 1609.344 }

    /// `km` or `mi`.
    public var distanceUnit: String { self == .metric ? "km" : "mi" }

    /// `12.34 km`, `7.67 mi`; under one unit, metres or yards are no clearer in a share text, so two decimals.
    public func distance(meters: Double) -> String {
        Format.fixed(meters / splitMeters, decimals: 2) + " " + distanceUnit
    }

    /// `5:12 /km`, `8:22 /mi`; `–:–` when standing.
    public func pace(metersPerSecond speed: Double?) -> String {
        guard let speed, speed >= 0.3, speed.isFinite else { return "–:– /\(distanceUnit)" }
        return Format.clock(seconds: Int((splitMeters / speed).rounded())) + " /" + distanceUnit
    }

    /// Seconds per split, for plotting pace.
    public func paceSeconds(metersPerSecond speed: Double) -> Double { splitMeters / speed }

    /// `11.5 km/h`, `7.1 mph`.
    public func speed(metersPerSecond speed: Double?) -> String {
        guard let speed, speed.isFinite else { return "–" }
        return Format.fixed(speedValue(metersPerSecond: speed), decimals: 1) + " " + speedUnit
    }

    /// `km/h` or `mph`.
    public var speedUnit: String { self == .metric ? "km/h" : "mph" }

    /// Speed in `speedUnit`.
    public func speedValue(metersPerSecond speed: Double) -> Double {
        self == .metric ? speed * 3.6 : speed * 3600 / 1609.344
    }
}

extension UnitSystem {
    /// The units `[reports] units` chose.
    public init(_ units: ReportSettings.Units) { self = units == .metric ? .metric : .imperial }
}
