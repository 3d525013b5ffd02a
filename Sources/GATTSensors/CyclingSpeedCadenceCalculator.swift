/// Turns successive CSC (or Cycling Power) measurements from one sensor into speed, distance and cadence.
///
/// It has no clock: the caller passes the hub's monotonic time of each notification, so the stop timeout is
/// tested without waiting. Use one calculator per sensor, and a new one when the sensor is replaced.
///
/// ```swift
/// var calculator = CyclingSpeedCadenceCalculator(wheelCircumferenceMillimeters: 2105)
/// let reading = try calculator.add(try CyclingSpeedCadenceMeasurement(decoding: payload), at: clock.now - start)
/// ```
///
/// Counters and event times are differenced modulo their width (the wheel counter is 32-bit, the crank counter and
/// both event times 16-bit). A repeated event time means no new revolution: the last speed and cadence are kept
/// until ``stopTimeout`` has passed since the last revolution, then they are 0. A step that would mean more than
/// ``PlausibilityLimits`` (or a counter lower than before: the sensor restarted) is a dropped sample; the next
/// sample is measured from it, so one restart costs one sample.
public struct CyclingSpeedCadenceCalculator: Sendable {
    /// How far the bike travels in one wheel revolution, metres.
    public let wheelCircumferenceMeters: Double
    /// How long without a new revolution before speed and cadence are 0.
    public let stopTimeout: Duration
    private var wheel: RevolutionCounter
    private var crank: RevolutionCounter
    private var distanceMeters: Double?

    /// The usual wheel: 700 × 25C road tyre, 2 105 mm.
    public static let defaultWheelCircumferenceMillimeters = 2105.0

    /// A calculator for one sensor.
    ///
    /// - Parameters:
    ///   - wheelCircumferenceMillimeters: the wheel's rolling circumference; must be above 0 (the plugin's
    ///     configuration check says so to the user first).
    ///   - stopTimeout: hub time without a revolution after which speed and cadence are 0.
    public init(
        wheelCircumferenceMillimeters: Double = defaultWheelCircumferenceMillimeters,
        stopTimeout: Duration = .seconds(3)
    ) {
        precondition(
            wheelCircumferenceMillimeters > 0 && wheelCircumferenceMillimeters.isFinite,
            "a wheel circumference must be a positive number of millimetres")
        wheelCircumferenceMeters = wheelCircumferenceMillimeters / 1000
        self.stopTimeout = stopTimeout
        wheel = RevolutionCounter(
            counterBits: 32,
            maximumRevolutionsPerSecond: PlausibilityLimits.maximumSpeedMetersPerSecond / wheelCircumferenceMeters,
            stopTimeout: stopTimeout)
        crank = RevolutionCounter(
            counterBits: 16, maximumRevolutionsPerSecond: PlausibilityLimits.maximumCadencePerMinute / 60,
            stopTimeout: stopTimeout)
    }

    /// Takes a CSC measurement received at `hubTime` (any monotonic origin) and gives the current values.
    ///
    /// - Throws: ``GATTSensorError`` with ``DropReason/speedAboveLimit``, ``DropReason/cadenceAboveLimit``,
    ///   ``DropReason/counterReset`` or ``DropReason/revolutionsWithoutTime``: drop the sample and count it.
    public mutating func add(_ measurement: CyclingSpeedCadenceMeasurement, at hubTime: Duration)
        throws(GATTSensorError) -> CyclingSpeedCadence
    {
        try add(wheel: measurement.wheel, crank: measurement.crank, at: hubTime, .cyclingSpeedCadenceMeasurement)
    }

    /// Takes a Cycling Power measurement's wheel and crank data (its wheel time in 1/2048 s) alike.
    ///
    /// - Throws: as ``add(_:at:)-(CyclingSpeedCadenceMeasurement,_)``.
    public mutating func add(_ measurement: CyclingPowerMeasurement, at hubTime: Duration)
        throws(GATTSensorError) -> CyclingSpeedCadence
    {
        try add(wheel: measurement.wheel, crank: measurement.crank, at: hubTime, .cyclingPowerMeasurement)
    }

    private mutating func add(
        wheel wheelData: WheelRevolutionData?, crank crankData: CrankRevolutionData?, at hubTime: Duration,
        _ characteristic: GATTCharacteristic
    ) throws(GATTSensorError) -> CyclingSpeedCadence {
        // Both counters move on before either may throw, so that a bad wheel step does not leave the crank behind.
        var dropped: GATTSensorError?
        if let wheelData {
            let outcome = wheel.add(
                revolutions: wheelData.cumulativeRevolutions, eventTime: wheelData.lastEventTime,
                ticksPerSecond: wheelData.ticksPerSecond, at: hubTime)
            switch outcome {
            case .accepted(let revolutions):
                distanceMeters = (distanceMeters ?? 0) + Double(revolutions) * wheelCircumferenceMeters
            case .tooFast(let rate):
                let speed = rate * wheelCircumferenceMeters * 3.6
                dropped = GATTSensorError(
                    characteristic, .speedAboveLimit,
                    "wheel speed \(PlausibilityLimits.rounded(speed)) km/h is above "
                        + "\(Int(PlausibilityLimits.maximumSpeedKilometersPerHour)) km/h")
            case .wentBackwards:
                dropped = GATTSensorError(
                    characteristic, .counterReset,
                    "the wheel counter went back to \(wheelData.cumulativeRevolutions): the sensor restarted")
            case .revolutionsWithoutTime:
                dropped = GATTSensorError(
                    characteristic, .revolutionsWithoutTime, "new wheel revolutions with the same event time")
            }
        }
        if let crankData {
            let outcome = crank.add(
                revolutions: UInt32(crankData.cumulativeRevolutions), eventTime: crankData.lastEventTime,
                ticksPerSecond: CrankRevolutionData.ticksPerSecond, at: hubTime)
            switch outcome {
            case .accepted: break
            case .tooFast(let rate):
                dropped =
                    dropped
                    ?? GATTSensorError(
                        characteristic, .cadenceAboveLimit,
                        "cadence \(PlausibilityLimits.rounded(rate * 60)) rpm is above "
                            + "\(Int(PlausibilityLimits.maximumCadencePerMinute)) rpm")
            case .wentBackwards:
                dropped =
                    dropped
                    ?? GATTSensorError(
                        characteristic, .counterReset,
                        "the crank counter went back to \(crankData.cumulativeRevolutions): the sensor restarted")
            case .revolutionsWithoutTime:
                dropped =
                    dropped
                    ?? GATTSensorError(
                        characteristic, .revolutionsWithoutTime, "new crank revolutions with the same event time")
            }
        }
        if let dropped { throw dropped }
        return CyclingSpeedCadence(
            speedMetersPerSecond: wheel.revolutionsPerSecond.map { $0 * wheelCircumferenceMeters },
            distanceMeters: distanceMeters,
            cadenceRevolutionsPerMinute: crank.revolutionsPerSecond.map { $0 * 60 })
    }
}
