import GATTSensors

/// The reason a throwing call was dropped with, or nil when it did not throw.
func dropReason<T>(_ body: () throws(GATTSensorError) -> T) -> DropReason? {
    do {
        _ = try body()
        return nil
    } catch {
        return error.reason
    }
}

/// Whether an optional value is within a rounding error of the expected one.
func isClose(_ value: Double?, _ expected: Double) -> Bool {
    guard let value else { return false }
    return abs(value - expected) < 1e-9
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
