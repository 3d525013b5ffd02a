/// A workout's power figures, fed one second of moving time at a time: average, maximum, 3 s power, normalised
/// power and the mechanical work.
///
/// Pure arithmetic, unit-tested against hand-computed values. Only seconds with a power reading count: a second
/// without one (the meter lost) is a gap, left out of the averages and the rolling window, never counted as 0 W.
/// A real 0 W (coasting) is a reading and counts. Pauses do not break the rolling window: the seconds either side
/// of a pause are moving seconds one after the other, as they are stored, so a workout restored from its samples
/// after a crash has the same figures.
public struct PowerMetrics: Sendable, Equatable {
    /// Normalised power averages the power over this many seconds before raising it to the fourth power.
    public static let rollingWindowSeconds = 30

    /// Seconds that had a power reading.
    public private(set) var seconds = 0
    /// The sum of those seconds' watts: joules, one second each.
    public private(set) var wattSeconds = 0
    public private(set) var maxWatts: Int?
    /// The latest `rollingWindowSeconds` readings, oldest first.
    private var window: [Int] = []
    private var windowSum = 0
    /// The sum of the fourth powers of the 30 s rolling averages, and how many there were.
    private var fourthPowerSum = 0.0
    private var rollingAverages = 0

    public init() {}

    /// Adds one second's power reading.
    public mutating func add(watts: Int) {
        let watts = max(0, watts)
        seconds += 1
        wattSeconds += watts
        maxWatts = max(maxWatts ?? watts, watts)
        window.append(watts)
        windowSum += watts
        if window.count > Self.rollingWindowSeconds { windowSum -= window.removeFirst() }
        guard window.count == Self.rollingWindowSeconds else { return }
        let average = Double(windowSum) / Double(Self.rollingWindowSeconds)
        fourthPowerSum += average * average * average * average
        rollingAverages += 1
    }

    /// Watts over the seconds that had a reading.
    public var averageWatts: Double? { seconds > 0 ? Double(wattSeconds) / Double(seconds) : nil }

    /// The fourth root of the mean fourth power of the 30 s rolling averages; nil before 30 s of power.
    public var normalizedWatts: Double? {
        rollingAverages > 0 ? (fourthPowerSum / Double(rollingAverages)).squareRoot().squareRoot() : nil
    }

    /// The average of the latest three readings (fewer at the start): what a console shows, steadier than one
    /// second's figure.
    public var threeSecondWatts: Double? {
        guard !window.isEmpty else { return nil }
        let last = window.suffix(3)
        return Double(last.reduce(0, +)) / Double(last.count)
    }

    /// Mechanical work, kilojoules.
    public var workKilojoules: Double? { seconds > 0 ? Double(wattSeconds) / 1000 : nil }
}
