/// Turns a sensor's total distance (RSC, or a fitness machine's) into a distance that never goes backwards.
///
/// A total lower than the last one (a sensor that restarted, a machine that was reset) is a dropped sample, and
/// the next total is measured from it: the distance so far is kept and the sensor's new count is added on top.
/// Call ``reset()`` when a new workout starts.
public struct DistanceAccumulator: Sendable {
    private var lastTotalMeters: Double?
    /// Distance since the first total (or the last ``reset()``), metres.
    public private(set) var distanceMeters: Double = 0

    /// An accumulator at 0 m.
    public init() {}

    /// Takes the sensor's total and gives the distance so far.
    ///
    /// - Throws: ``GATTSensorError`` with ``DropReason/distanceWentBackwards`` when the total is lower than the last.
    public mutating func add(totalMeters: Double, from characteristic: GATTCharacteristic) throws(GATTSensorError)
        -> Double
    {
        defer { lastTotalMeters = totalMeters }
        guard let last = lastTotalMeters else { return distanceMeters }
        guard totalMeters >= last else {
            throw GATTSensorError(
                characteristic, .distanceWentBackwards,
                "total distance went back from \(PlausibilityLimits.rounded(last)) m to "
                    + "\(PlausibilityLimits.rounded(totalMeters)) m")
        }
        distanceMeters += totalMeters - last
        return distanceMeters
    }

    /// Starts again at 0 m; the next total is only a baseline.
    public mutating func reset() {
        lastTotalMeters = nil
        distanceMeters = 0
    }
}
