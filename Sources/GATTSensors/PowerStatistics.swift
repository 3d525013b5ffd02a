/// Power statistics over a ride, fed one power value a second.
///
/// The caller feeds exactly one value for every second of the ride (the last good one, or 0 while coasting or
/// after a dropped sample), so that the averages are averages over time. Normalised power follows Coggan: the 30 s
/// rolling average, raised to the 4th power, averaged, and its 4th root; it is nil until 30 values have been fed.
public struct PowerStatistics: Sendable {
    private var lastThirty: [Int] = []
    private var nextSlot = 0
    private var sumOfFourthPowers = 0.0
    private var rollingCount = 0
    private var total = 0

    /// How many seconds have been fed.
    public private(set) var seconds = 0
    /// The highest value fed, watts; nil before the first.
    public private(set) var maximumWatts: Int?

    /// Empty statistics.
    public init() {}

    /// Adds the power of one second.
    ///
    /// - Throws: ``GATTSensorError`` (``DropReason/negativePower``, ``DropReason/powerAboveLimit``) for a value
    ///   outside ``PlausibilityLimits``; the statistics are left as they were.
    public mutating func add(watts: Int, from characteristic: GATTCharacteristic = .cyclingPowerMeasurement)
        throws(GATTSensorError)
    {
        try PlausibilityLimits.check(powerWatts: watts, "power", characteristic)
        if lastThirty.count < 30 {
            lastThirty.append(watts)
        } else {
            lastThirty[nextSlot] = watts
        }
        nextSlot = (nextSlot + 1) % 30
        seconds += 1
        total += watts
        maximumWatts = max(maximumWatts ?? watts, watts)
        if lastThirty.count == 30, let rolling = thirtySecondAverageWatts {
            sumOfFourthPowers += rolling * rolling * rolling * rolling
            rollingCount += 1
        }
    }

    /// Average of the last 3 seconds (or of fewer, at the start), watts.
    public var threeSecondAverageWatts: Double? { averageOfLast(3) }
    /// Average of the last 30 seconds (or of fewer, at the start), watts.
    public var thirtySecondAverageWatts: Double? { averageOfLast(30) }
    /// Average over every second fed, watts.
    public var averageWatts: Double? { seconds == 0 ? nil : Double(total) / Double(seconds) }
    /// Normalised power, watts; nil until 30 seconds have been fed.
    public var normalizedPowerWatts: Double? {
        rollingCount == 0 ? nil : (sumOfFourthPowers / Double(rollingCount)).squareRoot().squareRoot()
    }
    /// Work done, kilojoules (one watt for one second is one joule).
    public var kilojoules: Double { Double(total) / 1000 }

    private func averageOfLast(_ count: Int) -> Double? {
        let available = min(count, lastThirty.count)
        guard available > 0 else { return nil }
        var sum = 0
        for back in 1...available { sum += lastThirty[(nextSlot - back + 30) % 30] }
        return Double(sum) / Double(available)
    }
}
