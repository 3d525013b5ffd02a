import Foundation

/// What a fitness machine reports beside speed, cadence and power (those come as `SpeedMeasured`,
/// `CadenceMeasured` and `PowerMeasured`): each figure nil when the machine does not send it.
public struct MachineMeasured: BusMessage, Equatable {
    /// A treadmill's incline, percent.
    public var inclinePercent: Double?
    /// A trainer's or rower's resistance level, in the machine's own steps.
    public var resistanceLevel: Double?
    /// Metres climbed, the machine's own running total.
    public var elevationGainMeters: Double?
    /// A rower's strokes, its own running total.
    public var strokeCount: Int?
    /// The heart rate the machine measures itself (hand grips, its own strap): used only without a strap.
    public var heartRate: Int?
    /// The machine's own energy estimate, kcal since it started: used only without a strap.
    public var totalKilocalories: Int?
    public var source: String
    public var timestamp: Date
    public var isSimulated: Bool

    public init(
        inclinePercent: Double? = nil, resistanceLevel: Double? = nil, elevationGainMeters: Double? = nil,
        strokeCount: Int? = nil, heartRate: Int? = nil, totalKilocalories: Int? = nil, source: String,
        timestamp: Date, isSimulated: Bool = false
    ) {
        self.inclinePercent = inclinePercent
        self.resistanceLevel = resistanceLevel
        self.elevationGainMeters = elevationGainMeters
        self.strokeCount = strokeCount
        self.heartRate = heartRate
        self.totalKilocalories = totalKilocalories
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}

/// Asks the connected fitness machine to hold a target: a trainer's power (ERG) or resistance, a treadmill's speed
/// or incline. Sent by the console (`target power 200`) and by guided programs; the machine's plugin answers with
/// an `Announcement` saying whether the machine took it.
public struct MachineTarget: BusMessage, Equatable {
    public enum Target: Sendable, Equatable {
        case power(watts: Int)
        /// In the machine's own steps (FTMS resolution 0.1).
        case resistance(level: Double)
        case speed(metersPerSecond: Double)
        case incline(percent: Double)
    }

    /// Who asks: what the machine answers a person is said; a program's targets are said by the program, so only a
    /// refusal is.
    public enum Origin: Sendable, Equatable {
        case person, program
    }

    public var target: Target
    public var origin: Origin

    public init(_ target: Target, origin: Origin = .person) {
        self.target = target
        self.origin = origin
    }
}

extension MachineTarget.Target {
    /// "200 watts", "resistance 5", "12.5 km/h", "3 percent incline": as the hub says and shows it.
    public var words: String {
        switch self {
        case .power(let watts): Format.counted(watts, "watt")
        case .resistance(let level): "resistance \(Self.number(level))"
        case .speed(let metersPerSecond): "\(Self.number(metersPerSecond * 3.6)) km/h"
        case .incline(let percent): "\(Self.number(percent)) percent incline"
        }
    }

    /// 3 or 3.5, not 3.0.
    private static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)"
    }
}
