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

    public init(
        offset: Int, heartRate: Int?, latitude: Double?, longitude: Double?, steps: Int?, altitudeMeters: Double? = nil
    ) {
        self.offset = offset
        self.heartRate = heartRate
        self.latitude = latitude
        self.longitude = longitude
        self.steps = steps
        self.altitudeMeters = altitudeMeters
    }
}
