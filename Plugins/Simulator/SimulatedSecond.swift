import HubCore

/// What the simulated sensors report at one moment of a simulated workout.
public struct SimulatedSecond: Sendable, Equatable {
    /// Seconds since the start of the recording.
    public var offset: Int
    public var heartRate: Int?
    public var latitude: Double?
    public var longitude: Double?
    /// Cumulative step count.
    public var steps: Int?
    /// Elevation, metres (from a GPX or TCX recording).
    public var altitudeMeters: Double?
    /// Indoors: what a wheel sensor, a foot pod or a machine says, published as they would (`origin`).
    public var indoor: IndoorReading?

    public init(
        offset: Int, heartRate: Int?, latitude: Double?, longitude: Double?, steps: Int?, altitudeMeters: Double? = nil,
        indoor: IndoorReading? = nil
    ) {
        self.indoor = indoor
        self.offset = offset
        self.heartRate = heartRate
        self.latitude = latitude
        self.longitude = longitude
        self.steps = steps
        self.altitudeMeters = altitudeMeters
    }
}

/// What the sensors of an indoor session say in a second: a spin bike's wheel, crank and power sensors, a
/// treadmill's belt, a rower's flywheel.
public struct IndoorReading: Sendable, Equatable {
    /// Who measures speed and distance: a wheel sensor on a bike, the machine on a treadmill or a rower.
    public var origin: MotionSource
    public var speedMetersPerSecond: Double
    /// The sensor's own running distance since the start.
    public var totalDistanceMeters: Double
    /// Crank revolutions, steps or strokes a minute.
    public var cadence: Double?
    public var powerWatts: Int?
    public var inclinePercent: Double?
    /// A rower's strokes since the start.
    public var strokeCount: Int?

    public init(
        origin: MotionSource, speedMetersPerSecond: Double, totalDistanceMeters: Double, cadence: Double? = nil,
        powerWatts: Int? = nil, inclinePercent: Double? = nil, strokeCount: Int? = nil
    ) {
        self.origin = origin
        self.speedMetersPerSecond = speedMetersPerSecond
        self.totalDistanceMeters = totalDistanceMeters
        self.cadence = cadence
        self.powerWatts = powerWatts
        self.inclinePercent = inclinePercent
        self.strokeCount = strokeCount
    }
}
