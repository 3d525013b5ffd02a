/// Cadence from a running step total, as Garmin's files count it for running: strides (two steps) per minute,
/// over the last 10 seconds so that one second's two or three steps do not make it jump.
struct StepCadence {
    private var window: [(second: Int, steps: Int)] = []

    /// Adds a second's step total and returns the cadence then, or nil without enough steps to tell.
    mutating func add(second: Int, steps: Int?) -> Int? {
        guard let steps else { return nil }
        window.append((second, steps))
        window.removeAll { $0.second <= second - 10 }
        guard let first = window.first, second - first.second >= 5 else { return nil }
        let stridesPerMinute = Double(steps - first.steps) / Double(second - first.second) * 30
        return stridesPerMinute >= 1 ? min(254, Int(stridesPerMinute.rounded())) : nil
    }

    /// Starts over after a pause: steps taken while paused are not cadence.
    mutating func reset() { window.removeAll() }
}
