import Foundation
import Records

/// The latest speed, cadence, power and fitness-machine readings, and the distance each kind of sensor counted since
/// the last closed second: a second takes them from the first fresh source in its kind's order.
///
/// Used from the workout controller's one task only. A reading is fresh for the heart rate's timeout after it
/// arrived (the controller says how long): a stale one is never reused, and a second without a fresh source has no
/// speed, no cadence or no power — a gap, not a repeated value.
struct MotionReadings {
    /// A value and when it arrived on the monotonic clock (a reading's own timestamp is only a label).
    struct Timed<Value> {
        var value: Value
        var receivedAt: HubInstant
        /// The device it came from, as its `SensorStatusChanged` names it: gone with that device.
        var source = ""
    }

    /// A speed above this (100 km/h) is no person's: left out, and a distance that implies it is not counted.
    static let maximumPlausibleSpeed = 100 / 3.6

    private var speeds: [MotionSource: Timed<Double?>] = [:]
    /// Each kind of sensor's running distance, counted as differences.
    private var distances: [MotionSource: RunningTotal] = [:]
    /// Sensors whose latest reading had no running distance: their speed is integrated instead.
    private var integrating: Set<MotionSource> = []
    /// Metres each kind of sensor counted since the last closed second, while the workout runs.
    private var pendingMeters: [MotionSource: Double] = [:]
    private var cadences: [MotionSource: Timed<Double>] = [:]
    private var powers: [MotionSource: Timed<Int>] = [:]
    private var machineHeartRate: Timed<Int>?
    private var machineEnergy = RunningTotal()
    private var machineEnergyAt: HubInstant?
    private var pendingMachineKilocalories = 0.0
    /// The GPS speed as a fix gives it (the receiver's own, else from the fix before), for freshness and auto-pause.
    private var gps: Timed<Double?>?
    private var lastFix: Timed<PositionMeasured>?

    // MARK: - Readings

    /// `device` is lost or disconnected: its last speed, cadence, power and heart rate are no figures for the seconds
    /// that follow (a gap from that moment, as for the strap), rather than standing in until they would go stale.
    mutating func sensorGone(_ device: String) {
        speeds = speeds.filter { $0.value.source != device }
        cadences = cadences.filter { $0.value.source != device }
        powers = powers.filter { $0.value.source != device }
        if machineHeartRate?.source == device { machineHeartRate = nil }
    }

    /// - Parameter counting: the workout runs, so the distance the sensor covered since its last reading counts.
    mutating func speedMeasured(_ reading: SpeedMeasured, at instant: HubInstant, counting: Bool) {
        let origin = reading.origin
        let speed = reading.speedMetersPerSecond.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        if let total = reading.totalDistanceMeters {
            integrating.remove(origin)
            // A jump beyond what 100 km/h covers since the sensor's last reading is a new count, not distance.
            let since = speeds[origin].map { max(1, (instant - $0.receivedAt).seconds) } ?? 1
            let step = distances[origin, default: RunningTotal()].add(
                total, device: reading.source, maximumStep: Self.maximumPlausibleSpeed * since + 5)
            if counting { pendingMeters[origin, default: 0] += step }
        } else {
            integrating.insert(origin)
        }
        speeds[origin] = Timed(
            value: speed.flatMap { $0 <= Self.maximumPlausibleSpeed ? $0 : nil }, receivedAt: instant,
            source: reading.source)
    }

    mutating func cadenceMeasured(_ reading: CadenceMeasured, at instant: HubInstant) {
        guard reading.perMinute.isFinite, reading.perMinute >= 0, reading.perMinute <= 250 else { return }
        cadences[reading.origin] = Timed(value: reading.perMinute, receivedAt: instant, source: reading.source)
    }

    mutating func powerMeasured(_ reading: PowerMeasured, at instant: HubInstant) {
        guard reading.watts >= 0, reading.watts <= 3000 else { return }
        powers[reading.origin] = Timed(value: reading.watts, receivedAt: instant, source: reading.source)
    }

    /// - Parameter counting: the workout runs, so the energy the machine counted since its last reading counts.
    mutating func machineMeasured(_ reading: MachineMeasured, at instant: HubInstant, counting: Bool) {
        if let beats = reading.heartRate, HeartRateMeasured.isPlausible(beatsPerMinute: beats) {
            machineHeartRate = Timed(value: beats, receivedAt: instant, source: reading.source)
        }
        if let total = reading.totalKilocalories {
            let step = machineEnergy.add(Double(total), device: reading.source, maximumStep: 100)
            if counting { pendingMachineKilocalories += step }
            machineEnergyAt = instant
        }
    }

    mutating func positionMeasured(_ fix: PositionMeasured, at instant: HubInstant, clockSpeed: Double) {
        var speed = fix.speedMetersPerSecond
        if speed == nil, let last = lastFix {
            let seconds = WorkoutSession.interval(
                stamped: fix.timestamp.timeIntervalSince(last.value.timestamp),
                arrived: (instant - last.receivedAt).seconds, speed: clockSpeed)
            if seconds > 0 {
                speed =
                    Geo.distanceMeters(
                        fromLatitude: last.value.latitude, longitude: last.value.longitude,
                        toLatitude: fix.latitude, longitude: fix.longitude) / seconds
            }
        }
        lastFix = Timed(value: fix, receivedAt: instant)
        gps = Timed(value: speed, receivedAt: instant)
    }

    /// Forgets what was counted since the last closed second: the distance and energy of a pause are not counted.
    mutating func discardPending() {
        pendingMeters.removeAll(keepingCapacity: true)
        pendingMachineKilocalories = 0
    }

    // MARK: - A second's figures

    /// The speed and distance of the second that closes at `instant`, from the first fresh source in `order`.
    ///
    /// - Parameter gpsSecond: what the GPS track gives this second (its speed, nil without a fix, and its metres).
    /// - Returns: nil speed and no distance when no source in `order` is fresh.
    mutating func takeSecond(
        order: [MotionSource], gpsSecond: (speed: Double?, meters: Double), at instant: HubInstant,
        staleAfter: Duration
    ) -> (speed: Double?, meters: Double) {
        defer { pendingMeters.removeAll(keepingCapacity: true) }
        for origin in order {
            if origin == .gps {
                guard let gps, instant - gps.receivedAt <= staleAfter else { continue }
                return gpsSecond
            }
            guard let reading = speeds[origin], instant - reading.receivedAt <= staleAfter else { continue }
            let meters = integrating.contains(origin) ? reading.value ?? 0 : pendingMeters[origin] ?? 0
            return (reading.value, meters)
        }
        return (nil, 0)
    }

    /// The machine's energy counted since the last closed second, while it reports one; nil without a fresh total.
    mutating func takeMachineKilocalories(at instant: HubInstant, staleAfter: Duration) -> Double? {
        defer { pendingMachineKilocalories = 0 }
        guard let machineEnergyAt, instant - machineEnergyAt <= staleAfter else { return nil }
        return pendingMachineKilocalories
    }

    /// A fresh cadence, from the first source in `order` that has one, else the latest.
    func cadence(order: [MotionSource], at instant: HubInstant, staleAfter: Duration) -> Double? {
        Self.pick(cadences, order: order, at: instant, staleAfter: staleAfter)
    }

    /// A fresh power reading, from the first source in `order` that has one, else the latest.
    func power(order: [MotionSource], at instant: HubInstant, staleAfter: Duration) -> Int? {
        Self.pick(powers, order: order, at: instant, staleAfter: staleAfter)
    }

    func machineHeartRate(at instant: HubInstant, staleAfter: Duration) -> Int? {
        guard let machineHeartRate, instant - machineHeartRate.receivedAt <= staleAfter else { return nil }
        return machineHeartRate.value
    }

    /// Whether the person moves, as the fresh sensors say: any speed at or above `threshold`, or (on a bike or a
    /// rower) any cadence above zero, is movement; nil when no fresh sensor says anything either way.
    func isMoving(kind: WorkoutKind, threshold: Double, at instant: HubInstant, staleAfter: Duration) -> Bool? {
        var said = false
        func fresh(_ receivedAt: HubInstant) -> Bool { instant - receivedAt <= staleAfter }
        for reading in speeds.values + [gps].compactMap({ $0 }) where fresh(reading.receivedAt) {
            guard let speed = reading.value else { continue }
            if speed >= threshold { return true }
            said = true
        }
        if kind.movement == .wheels || kind.movement == .rowing {
            for reading in cadences.values where fresh(reading.receivedAt) {
                if reading.value > 0 { return true }
                said = true
            }
        }
        return said ? false : nil
    }

    private static func pick<Value>(
        _ readings: [MotionSource: Timed<Value>], order: [MotionSource], at instant: HubInstant, staleAfter: Duration
    ) -> Value? {
        let fresh = readings.filter { instant - $0.value.receivedAt <= staleAfter }
        for origin in order { if let reading = fresh[origin] { return reading.value } }
        return fresh.values.max { $0.receivedAt < $1.receivedAt }?.value
    }
}

/// A sensor's own running total (distance, energy), counted as differences: never backwards, and a sensor that
/// reconnects and starts again from 0 adds nothing for its restart and counts on from there.
struct RunningTotal: Sendable {
    private var last: (device: String, value: Double)?

    /// Takes the sensor's latest total and returns what it added since the one before from the same device: 0 for
    /// the first, for another device's, for a total that went down (a restart) and for a step above `maximumStep`
    /// (a counter that cannot be this one's continuation); the new total is the baseline from then on.
    mutating func add(_ total: Double, device: String, maximumStep: Double) -> Double {
        guard total.isFinite, total >= 0 else { return 0 }
        defer { last = (device, total) }
        guard let last, last.device == device, total >= last.value, total - last.value <= maximumStep else { return 0 }
        return total - last.value
    }
}
