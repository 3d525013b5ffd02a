/// Turns a sensor's total distance (RSC, or a fitness machine's) into a distance that never goes backwards and
/// never jumps.
///
/// A total lower than the last one (a sensor that restarted, a machine that was reset) is a dropped sample, and so
/// is a gain faster than ``PlausibilityLimits/maximumSpeedKilometersPerHour`` over the hub time since the last
/// total (a damaged payload: 16 777 km in a second); either way the next total is measured from the dropped one,
/// so the distance so far is kept and the sensor's new count is added on top. Call ``reset()`` when a new workout
/// starts.
public struct DistanceAccumulator: Sendable {
    private var last: (totalMeters: Double, hubTime: Duration)?
    /// Distance since the first total (or the last ``reset()``), metres.
    public private(set) var distanceMeters: Double = 0

    /// An accumulator at 0 m.
    public init() {}

    /// Takes the sensor's total, received at `hubTime` (any monotonic origin), and gives the distance so far.
    ///
    /// - Throws: ``GATTSensorError`` with ``DropReason/distanceWentBackwards`` when the total is lower than the
    ///   last, or ``DropReason/speedAboveLimit`` when it grew faster than the speed limit allows (over at least
    ///   1 s, as totals come in whole metres several times a second).
    public mutating func add(totalMeters: Double, at hubTime: Duration, from characteristic: GATTCharacteristic)
        throws(GATTSensorError) -> Double
    {
        defer { last = (totalMeters, hubTime) }
        guard let last else { return distanceMeters }
        guard totalMeters >= last.totalMeters else {
            throw GATTSensorError(
                characteristic, .distanceWentBackwards,
                "total distance went back from \(PlausibilityLimits.rounded(last.totalMeters)) m to "
                    + "\(PlausibilityLimits.rounded(totalMeters)) m")
        }
        let gain = totalMeters - last.totalMeters
        let seconds = max((hubTime - last.hubTime).seconds, 1)
        guard gain <= PlausibilityLimits.maximumSpeedMetersPerSecond * seconds else {
            throw GATTSensorError(
                characteristic, .speedAboveLimit,
                "total distance grew by \(PlausibilityLimits.rounded(gain)) m in \(PlausibilityLimits.rounded(seconds)) s"
            )
        }
        distanceMeters += gain
        return distanceMeters
    }

    /// Starts again at 0 m; the next total is only a baseline.
    public mutating func reset() {
        last = nil
        distanceMeters = 0
    }
}
