import Foundation

/// Which kind of sensor measured a speed, a distance or a cadence: an open set like the sensor kinds. The workout's
/// kind and `[workout] speed-sources` decide which one the workout takes when several measure the same thing.
public struct MotionSource: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// A GPS receiver (its speed comes as `PositionMeasured`).
    public static let gps = MotionSource(rawValue: "gps")
    /// A bike's wheel or crank sensor (GATT Cycling Speed and Cadence, or a power meter's crank data).
    public static let wheel = MotionSource(rawValue: "wheel")
    /// A running pod on the shoe (GATT Running Speed and Cadence).
    public static let footPod = MotionSource(rawValue: "foot-pod")
    /// A fitness machine: a smart trainer, a treadmill, a rower, a cross trainer (GATT Fitness Machine).
    public static let machine = MotionSource(rawValue: "machine")

    /// Every kind of source the hub knows, as `[workout.speed-sources]` names them.
    public static let known: [MotionSource] = [.gps, .wheel, .footPod, .machine]
}

/// A speed and distance from a wheel sensor, a foot pod or a fitness machine (GPS fixes come as `PositionMeasured`).
public struct SpeedMeasured: BusMessage, Equatable {
    /// Nil when the sensor sent a distance only.
    public var speedMetersPerSecond: Double?
    /// The sensor's own running distance since it connected: it may start anywhere, and the workout counts the
    /// difference, so a lost notification loses no distance. Nil when the sensor sends none (the workout then
    /// integrates the speed).
    public var totalDistanceMeters: Double?
    public var origin: MotionSource
    /// Which device, e.g. "Wahoo SPEED 1234 (C0:FF:EE:00:00:02)" or "simulator".
    public var source: String
    /// Wall-clock label of the reading; never used to measure time.
    public var timestamp: Date
    /// Made up by the simulator: marks the workout it reaches as simulated.
    public var isSimulated: Bool

    public init(
        speedMetersPerSecond: Double?, totalDistanceMeters: Double? = nil, origin: MotionSource, source: String,
        timestamp: Date, isSimulated: Bool = false
    ) {
        self.speedMetersPerSecond = speedMetersPerSecond
        self.totalDistanceMeters = totalDistanceMeters
        self.origin = origin
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}

/// A cadence: crank revolutions a minute on a bike, steps a minute on foot, strokes a minute on a rower.
public struct CadenceMeasured: BusMessage, Equatable {
    public var perMinute: Double
    public var origin: MotionSource
    public var source: String
    public var timestamp: Date
    public var isSimulated: Bool

    public init(perMinute: Double, origin: MotionSource, source: String, timestamp: Date, isSimulated: Bool = false) {
        self.perMinute = perMinute
        self.origin = origin
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}

/// The power a person puts out, from a power meter or a fitness machine.
public struct PowerMeasured: BusMessage, Equatable {
    public var watts: Int
    /// The left leg's share of the power, percent, when the meter sends its balance.
    public var leftBalancePercent: Double?
    public var origin: MotionSource
    public var source: String
    public var timestamp: Date
    public var isSimulated: Bool

    public init(
        watts: Int, leftBalancePercent: Double? = nil, origin: MotionSource, source: String, timestamp: Date,
        isSimulated: Bool = false
    ) {
        self.watts = watts
        self.leftBalancePercent = leftBalancePercent
        self.origin = origin
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}
