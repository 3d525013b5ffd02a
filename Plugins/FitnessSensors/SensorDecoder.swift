import Foundation
import GATTSensors
import HubCore

/// Turns one sensor's notification payloads into bus messages, with the `GATTSensors` decoders and calculators.
///
/// One decoder per connection: its wheel and crank counters and its distance start again on every connection, so a
/// value from before a loss is never published again, nor a speed computed across the gap.
struct SensorDecoder: Sendable {
    /// What a payload gives: bus messages, a machine's status, or its control point's answer.
    enum Reading: Sendable {
        case speed(SpeedMeasured)
        case cadence(CadenceMeasured)
        case power(PowerMeasured)
        case machine(MachineMeasured)
        case status(FitnessMachineStatus)
        case controlPoint(FitnessMachineControlPointResponse)
    }

    private var calculator: CyclingSpeedCadenceCalculator
    private var distance = DistanceAccumulator()

    init(wheelCircumferenceMillimeters: Double) {
        calculator = CyclingSpeedCadenceCalculator(wheelCircumferenceMillimeters: wheelCircumferenceMillimeters)
    }

    /// Decodes `payload` of `characteristic`, received at `hubTime`, into readings labelled `source` and `timestamp`.
    ///
    /// - Throws: `GATTSensorError` for a payload to drop and count (malformed, implausible, going backwards).
    mutating func decode(
        _ payload: [UInt8], of characteristic: GATTCharacteristic, at hubTime: Duration, source: String,
        timestamp: Date
    ) throws(GATTSensorError) -> [Reading] {
        var readings: [Reading] = []
        func speed(_ metersPerSecond: Double?, totalMeters: Double?, _ origin: MotionSource) {
            guard metersPerSecond != nil || totalMeters != nil else { return }
            readings.append(
                .speed(
                    SpeedMeasured(
                        speedMetersPerSecond: metersPerSecond, totalDistanceMeters: totalMeters, origin: origin,
                        source: source, timestamp: timestamp)))
        }
        func cadence(_ perMinute: Double?, _ origin: MotionSource) {
            guard let perMinute else { return }
            readings.append(
                .cadence(CadenceMeasured(perMinute: perMinute, origin: origin, source: source, timestamp: timestamp)))
        }
        func power(_ watts: Int?, leftBalance: Double? = nil, _ origin: MotionSource) {
            guard let watts else { return }
            readings.append(
                .power(
                    PowerMeasured(
                        watts: watts, leftBalancePercent: leftBalance, origin: origin, source: source,
                        timestamp: timestamp)))
        }
        func machine(_ figures: MachineMeasured) {
            var figures = figures
            figures.source = source
            figures.timestamp = timestamp
            let empty = MachineMeasured(source: source, timestamp: timestamp)
            if figures != empty { readings.append(.machine(figures)) }
        }
        func kilometersPerHour(_ value: Double?) -> Double? { value.map { $0 / 3.6 } }

        switch characteristic {
        case .cyclingSpeedCadenceMeasurement:
            let measurement = try CyclingSpeedCadenceMeasurement(decoding: payload)
            let values = try calculator.add(measurement, at: hubTime)
            speed(values.speedMetersPerSecond, totalMeters: values.distanceMeters, .wheel)
            cadence(values.cadenceRevolutionsPerMinute, .wheel)
        case .cyclingPowerMeasurement:
            let measurement = try CyclingPowerMeasurement(decoding: payload)
            power(
                measurement.instantaneousPowerWatts,
                leftBalance: measurement.pedalPowerBalanceReference == .left
                    ? measurement.pedalPowerBalancePercent : nil, .wheel)
            if measurement.wheel != nil || measurement.crank != nil {
                let values = try calculator.add(measurement, at: hubTime)
                speed(values.speedMetersPerSecond, totalMeters: values.distanceMeters, .wheel)
                cadence(values.cadenceRevolutionsPerMinute, .wheel)
            }
        case .runningSpeedCadenceMeasurement:
            let measurement = try RunningSpeedCadenceMeasurement(decoding: payload)
            var total: Double?
            if let meters = measurement.totalDistanceMeters {
                total = try distance.add(totalMeters: meters, at: hubTime, from: characteristic)
            }
            speed(measurement.speedMetersPerSecond, totalMeters: total, .footPod)
            cadence(Double(measurement.cadenceStepsPerMinute), .footPod)
        case .indoorBikeData:
            let data = try IndoorBikeData(decoding: payload)
            speed(
                kilometersPerHour(data.instantaneousSpeedKilometersPerHour),
                totalMeters: try total(data.totalDistanceMeters, at: hubTime, characteristic), .machine)
            cadence(data.instantaneousCadenceRevolutionsPerMinute, .machine)
            power(data.instantaneousPowerWatts, .machine)
            machine(
                MachineMeasured(
                    resistanceLevel: data.resistanceLevel, heartRate: data.heartRateBeatsPerMinute,
                    totalKilocalories: data.energy?.totalKilocalories, source: source, timestamp: timestamp))
        case .treadmillData:
            let data = try TreadmillData(decoding: payload)
            speed(
                kilometersPerHour(data.instantaneousSpeedKilometersPerHour),
                totalMeters: try total(data.totalDistanceMeters, at: hubTime, characteristic), .machine)
            power(data.powerOutputWatts, .machine)
            machine(
                MachineMeasured(
                    inclinePercent: data.inclinationPercent, elevationGainMeters: data.positiveElevationGainMeters,
                    heartRate: data.heartRateBeatsPerMinute, totalKilocalories: data.energy?.totalKilocalories,
                    source: source, timestamp: timestamp))
        case .rowerData:
            let data = try RowerData(decoding: payload)
            let pace = data.instantaneousPacePer500Meters.map { Double($0.components.seconds) }
            let metersPerSecond = pace.flatMap { $0 > 0 ? 500 / $0 : nil }
            speed(
                metersPerSecond, totalMeters: try total(data.totalDistanceMeters, at: hubTime, characteristic), .machine
            )
            cadence(data.strokeRatePerMinute, .machine)
            power(data.instantaneousPowerWatts, .machine)
            machine(
                MachineMeasured(
                    resistanceLevel: data.resistanceLevel, strokeCount: data.strokeCount,
                    heartRate: data.heartRateBeatsPerMinute, totalKilocalories: data.energy?.totalKilocalories,
                    source: source, timestamp: timestamp))
        case .crossTrainerData:
            let data = try CrossTrainerData(decoding: payload)
            speed(
                kilometersPerHour(data.instantaneousSpeedKilometersPerHour),
                totalMeters: try total(data.totalDistanceMeters, at: hubTime, characteristic), .machine)
            cadence(data.stepsPerMinute, .machine)
            power(data.instantaneousPowerWatts, .machine)
            machine(
                MachineMeasured(
                    inclinePercent: data.inclinationPercent, resistanceLevel: data.resistanceLevel,
                    elevationGainMeters: data.positiveElevationGainMeters, heartRate: data.heartRateBeatsPerMinute,
                    totalKilocalories: data.energy?.totalKilocalories, source: source, timestamp: timestamp))
        case .fitnessMachineStatus:
            readings.append(.status(try FitnessMachineStatus(decoding: payload)))
        case .fitnessMachineControlPoint:
            readings.append(.controlPoint(try FitnessMachineControlPointResponse(decoding: payload)))
        case .fitnessMachineFeature, .supportedSpeedRange, .supportedInclinationRange, .supportedResistanceLevelRange,
            .supportedHeartRateRange, .supportedPowerRange:
            // Read, not notified: nothing to publish.
            break
        }
        return readings
    }

    /// A machine's total distance as a running total that never goes backwards (see `DistanceAccumulator`).
    private mutating func total(_ meters: Int?, at hubTime: Duration, _ characteristic: GATTCharacteristic)
        throws(GATTSensorError)
        -> Double?
    {
        guard let meters else { return nil }
        return try distance.add(totalMeters: Double(meters), at: hubTime, from: characteristic)
    }
}
