import GATTSensors
import Testing

/// SplitMix64: a tiny generator with a seed, so that a failing payload can be made again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`, without the generic `random(in:using:)`, which costs most of a debug run's time. The
    /// modulo's bias is too small to matter here.
    mutating func number(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}

/// Puts integers into a payload little-endian, as a sensor would.
private struct PayloadWriter {
    var bytes: [UInt8] = []

    mutating func put(_ value: some FixedWidthInteger, bytes count: Int) {
        let bits = UInt64(truncatingIfNeeded: value)
        for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: bits >> (8 * index))) }
    }

    mutating func putRandom(_ count: Int, _ random: inout SeededGenerator) {
        var left = count
        while left > 0 {
            put(random.next(), bytes: min(left, 8))
            left -= 8
        }
    }
}

/// A sensor that rides on: its counters move by plausible steps (and sometimes implausible ones), its clock with
/// them, and now and then it restarts from 0.
private struct WanderingSensor {
    var wheelRevolutions: UInt32 = 0xFFFF_FF00  // near the wrap, so that runs cross it
    var wheelTime: UInt16 = 0
    var crankRevolutions: UInt16 = 0xFF00
    var crankTime: UInt16 = 0
    var totalDistanceTenths: UInt32 = 0

    mutating func step(_ random: inout SeededGenerator) {
        if random.number(in: 0...499) == 0 {
            wheelRevolutions = UInt32(random.number(in: 0...10))
            crankRevolutions = UInt16(random.number(in: 0...10))
            totalDistanceTenths = 0
        }
        wheelRevolutions &+= UInt32(random.number(in: 0...4))
        wheelTime &+= UInt16(random.number(in: 0...2600))
        crankRevolutions &+= UInt16(random.number(in: 0...3))
        crankTime &+= UInt16(random.number(in: 0...1600))
        totalDistanceTenths &+= UInt32(random.number(in: 0...60))
    }
}

/// Everything a run found: how many payloads gave a sample, how many were dropped and why, and any value outside
/// the limits (with the payload's number, to make it again from the seed).
private struct Tally {
    var accepted = 0
    var dropped: [DropReason: Int] = [:]
    var violations: [String] = []

    var total: Int { accepted + dropped.values.reduce(0, +) }

    mutating func expect(_ condition: Bool, _ what: @autoclosure () -> String, payload: Int) {
        if !condition { violations.append("payload \(payload): \(what())") }
    }
}

// 100 000 payloads per characteristic, half of them random bytes of random length, half a wandering sensor's
// (for the counters and totals that the calculators need to see move), some of those cut short or with bytes
// added. Every payload either gives values within the limits or is dropped with a reason, and nothing crashes.
@Suite struct FuzzTests {
    static let payloadsPerCharacteristic = 100_000

    @Test(arguments: GATTCharacteristic.allCases)
    func randomPayloadsGiveValuesWithinTheLimitsOrADroppedSample(characteristic: GATTCharacteristic) {
        let seed = 0x5EED_0000 + UInt64(characteristic.rawValue)
        var random = SeededGenerator(seed: seed)
        var sensor = WanderingSensor()
        var tally = Tally()
        var feeder = Feeder()
        var hubTime = Duration.zero
        for number in 0..<Self.payloadsPerCharacteristic {
            sensor.step(&random)
            hubTime += .milliseconds(random.number(in: 0...1500))
            let payload = Self.payload(for: characteristic, sensor, &random)
            do {
                try feeder.feed(payload, characteristic, at: hubTime, number: number, into: &tally)
                tally.accepted += 1
            } catch {
                tally.dropped[error.reason, default: 0] += 1
            }
        }
        #expect(tally.total == Self.payloadsPerCharacteristic)
        #expect(tally.accepted > 0, "seed \(seed): no payload gave a sample")
        #expect(!tally.dropped.isEmpty, "seed \(seed): no payload was dropped")
        #expect(tally.violations.isEmpty, "seed \(seed): \(tally.violations.prefix(5))")
    }

    private static func payload(
        for characteristic: GATTCharacteristic, _ sensor: WanderingSensor, _ random: inout SeededGenerator
    ) -> [UInt8] {
        var writer = PayloadWriter()
        guard random.next() & 1 == 0 else {
            writer.putRandom(random.number(in: 0...40), &random)
            return writer.bytes
        }
        switch characteristic {
        case .cyclingSpeedCadenceMeasurement:
            let flags = UInt8(random.number(in: 0...3))
            writer.put(flags, bytes: 1)
            if flags & 1 != 0 {
                writer.put(sensor.wheelRevolutions, bytes: 4)
                writer.put(sensor.wheelTime, bytes: 2)
            }
            if flags & 2 != 0 {
                writer.put(sensor.crankRevolutions, bytes: 2)
                writer.put(sensor.crankTime, bytes: 2)
            }
        case .cyclingPowerMeasurement:
            let flags = UInt16(random.number(in: 0...0x1FFF))
            writer.put(flags, bytes: 2)
            writer.put(Int16(random.number(in: -50...3200)), bytes: 2)
            // Field lengths in flag order; wheel (bit 4) and crank (bit 5) come from the wandering sensor.
            for (bit, length) in [(0, 1), (2, 2), (4, 6), (5, 4), (6, 4), (7, 4), (8, 3), (9, 2), (10, 2), (11, 2)]
            where flags & (1 << bit) != 0 {
                switch bit {
                case 4:
                    writer.put(sensor.wheelRevolutions, bytes: 4)
                    writer.put(sensor.wheelTime &* 2, bytes: 2)
                case 5:
                    writer.put(sensor.crankRevolutions, bytes: 2)
                    writer.put(sensor.crankTime, bytes: 2)
                default: writer.putRandom(length, &random)
                }
            }
        case .runningSpeedCadenceMeasurement:
            let flags = UInt8(random.number(in: 0...7))
            writer.put(flags, bytes: 1)
            writer.put(UInt16(random.number(in: 0...7500)), bytes: 2)
            writer.put(UInt8(random.number(in: 0...255)), bytes: 1)
            if flags & 1 != 0 { writer.putRandom(2, &random) }
            if flags & 2 != 0 { writer.put(sensor.totalDistanceTenths, bytes: 4) }
        default:
            // The fitness machines (and status, feature, control point): each flag bit set one time in four, so
            // that fewer fields are promised and more payloads are whole.
            let flagBytes = characteristic == .crossTrainerData ? 3 : 2
            writer.put(random.next() & random.next(), bytes: flagBytes)
            writer.putRandom(random.number(in: 0...30), &random)
        }
        // Now and then cut short, or with a stray byte or two added.
        switch random.number(in: 0...19) {
        case 0: return Array(writer.bytes.prefix(random.number(in: 0...writer.bytes.count)))
        case 1: writer.putRandom(random.number(in: 1...2), &random)
        default: break
        }
        return writer.bytes
    }
}

/// Decodes a payload and feeds what it gave to the calculators a plugin would use, checking every value.
private struct Feeder {
    var calculator = CyclingSpeedCadenceCalculator()
    var lastDistanceMeters = 0.0
    var statistics = PowerStatistics()
    var accumulator = DistanceAccumulator()
    var lastTotalAt = Duration.zero
    let maximumSpeed = PlausibilityLimits.maximumSpeedKilometersPerHour
    let maximumCadence = PlausibilityLimits.maximumCadencePerMinute
    let powerRange = 0...PlausibilityLimits.maximumPowerWatts

    mutating func feed(
        _ payload: [UInt8], _ characteristic: GATTCharacteristic, at hubTime: Duration, number: Int,
        into tally: inout Tally
    ) throws(GATTSensorError) {
        switch characteristic {
        case .cyclingSpeedCadenceMeasurement:
            let reading = try calculator.add(try CyclingSpeedCadenceMeasurement(decoding: payload), at: hubTime)
            check(reading, number, &tally)
        case .cyclingPowerMeasurement:
            let measurement = try CyclingPowerMeasurement(decoding: payload)
            tally.expect(powerRange.contains(measurement.instantaneousPowerWatts), "power", payload: number)
            try statistics.add(watts: measurement.instantaneousPowerWatts)
            tally.expect((statistics.normalizedPowerWatts ?? 0) <= 3000, "normalised power", payload: number)
            tally.expect((statistics.averageWatts ?? 0) <= 3000, "average power", payload: number)
            check(try calculator.add(measurement, at: hubTime), number, &tally)
        case .runningSpeedCadenceMeasurement:
            let measurement = try RunningSpeedCadenceMeasurement(decoding: payload)
            tally.expect(measurement.speedMetersPerSecond * 3.6 <= maximumSpeed, "speed", payload: number)
            tally.expect(Double(measurement.cadenceStepsPerMinute) <= maximumCadence, "cadence", payload: number)
            if let total = measurement.totalDistanceMeters {
                try accumulate(total, characteristic, at: hubTime, number, &tally)
            }
        case .indoorBikeData:
            let data = try IndoorBikeData(decoding: payload)
            checkSpeeds([data.instantaneousSpeedKilometersPerHour, data.averageSpeedKilometersPerHour], number, &tally)
            checkCadences(
                [data.instantaneousCadenceRevolutionsPerMinute, data.averageCadenceRevolutionsPerMinute], number, &tally
            )
            checkPowers([data.instantaneousPowerWatts, data.averagePowerWatts], number, &tally)
            if let total = data.totalDistanceMeters {
                try accumulate(Double(total), characteristic, at: hubTime, number, &tally)
            }
        case .treadmillData:
            let data = try TreadmillData(decoding: payload)
            checkSpeeds([data.instantaneousSpeedKilometersPerHour, data.averageSpeedKilometersPerHour], number, &tally)
            checkPowers([data.powerOutputWatts], number, &tally)
            if let total = data.totalDistanceMeters {
                try accumulate(Double(total), characteristic, at: hubTime, number, &tally)
            }
        case .rowerData:
            let data = try RowerData(decoding: payload)
            checkCadences([data.strokeRatePerMinute, data.averageStrokeRatePerMinute], number, &tally)
            checkPowers([data.instantaneousPowerWatts, data.averagePowerWatts], number, &tally)
            if let total = data.totalDistanceMeters {
                try accumulate(Double(total), characteristic, at: hubTime, number, &tally)
            }
        case .crossTrainerData:
            let data = try CrossTrainerData(decoding: payload)
            checkSpeeds([data.instantaneousSpeedKilometersPerHour, data.averageSpeedKilometersPerHour], number, &tally)
            checkCadences([data.stepsPerMinute, data.averageStepsPerMinute], number, &tally)
            checkPowers([data.instantaneousPowerWatts, data.averagePowerWatts], number, &tally)
            if let total = data.totalDistanceMeters {
                try accumulate(Double(total), characteristic, at: hubTime, number, &tally)
            }
        case .fitnessMachineStatus:
            _ = try FitnessMachineStatus(decoding: payload)
        case .fitnessMachineFeature:
            _ = try FitnessMachineFeature(decoding: payload)
        case .fitnessMachineControlPoint:
            _ = try FitnessMachineControlPointResponse(decoding: payload)
        case .supportedSpeedRange: _ = try SupportedRange.speedKilometersPerHour(decoding: payload)
        case .supportedInclinationRange: _ = try SupportedRange.inclinationPercent(decoding: payload)
        case .supportedResistanceLevelRange: _ = try SupportedRange.resistanceLevel(decoding: payload)
        case .supportedHeartRateRange: _ = try SupportedRange.heartRateBeatsPerMinute(decoding: payload)
        case .supportedPowerRange: _ = try SupportedRange.powerWatts(decoding: payload)
        }
    }

    private mutating func check(_ reading: CyclingSpeedCadence, _ number: Int, _ tally: inout Tally) {
        if let speed = reading.speedMetersPerSecond {
            tally.expect(speed >= 0 && speed * 3.6 <= maximumSpeed + 1e-9, "speed \(speed) m/s", payload: number)
        }
        if let cadence = reading.cadenceRevolutionsPerMinute {
            tally.expect(cadence >= 0 && cadence <= maximumCadence + 1e-9, "cadence \(cadence)", payload: number)
        }
        if let distance = reading.distanceMeters {
            tally.expect(
                distance.isFinite && distance >= lastDistanceMeters, "distance \(distance) m went back", payload: number
            )
            lastDistanceMeters = distance
        }
    }

    private mutating func accumulate(
        _ total: Double, _ characteristic: GATTCharacteristic, at hubTime: Duration, _ number: Int,
        _ tally: inout Tally
    ) throws(GATTSensorError) {
        let before = accumulator.distanceMeters
        let distance = try accumulator.add(totalMeters: total, at: hubTime, from: characteristic)
        tally.expect(distance >= before, "distance \(distance) m went back", payload: number)
        tally.expect(
            distance - before <= 27.8 * max((hubTime - lastTotalAt).inSeconds, 1), "distance jumped", payload: number)
        lastTotalAt = hubTime
    }

    private func checkSpeeds(_ speeds: [Double?], _ number: Int, _ tally: inout Tally) {
        for case let speed? in speeds {
            tally.expect(speed >= 0 && speed <= maximumSpeed, "speed \(speed) km/h", payload: number)
        }
    }

    private func checkCadences(_ cadences: [Double?], _ number: Int, _ tally: inout Tally) {
        for case let cadence? in cadences {
            tally.expect(cadence >= 0 && cadence <= maximumCadence, "cadence \(cadence)", payload: number)
        }
    }

    private func checkPowers(_ powers: [Int?], _ number: Int, _ tally: inout Tally) {
        for case let power? in powers { tally.expect(powerRange.contains(power), "power \(power) W", payload: number) }
    }
}
