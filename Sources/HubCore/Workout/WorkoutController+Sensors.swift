import Foundation
import Logging
import Records

/// The engine's sensor data: each reading is kept as the latest of its kind, and the workout under way counts
/// what it must (RR intervals, steps, distance); the second that closes reads only fresh values.
extension WorkoutController {
    /// - Parameter instant: when the reading arrived on the monotonic clock.
    mutating func heartRateMeasured(_ reading: HeartRateMeasured, at instant: HubInstant) {
        latestHeartRate = (reading, instant)
        if state == .running, reading.contact != .noContact {
            pendingRR += reading.rrIntervals1024.filter(HeartRateMeasured.isPlausible(rrInterval1024:))
        }
        if reading.isSimulated { noteSimulatedData() }
    }

    /// The heart-rate sensor is lost or disconnected: its last reading is no heart rate for the seconds that follow.
    mutating func heartRateSensorGone() {
        latestHeartRate = nil
    }

    /// Another sensor (a wheel sensor, a power meter, a machine) is lost or disconnected: its readings stop counting
    /// from that moment.
    mutating func sensorGone(_ device: String) {
        motion.sensorGone(device)
    }

    mutating func stepsCounted(_ reading: StepsCounted) {
        latestSteps = reading
        if state == .running { session?.stepsCounted(total: reading.totalSteps) }
        if reading.isSimulated { noteSimulatedData() }
    }

    /// - Parameter instant: when the reading arrived on the monotonic clock.
    mutating func speedMeasured(_ reading: SpeedMeasured, at instant: HubInstant) {
        motion.speedMeasured(reading, at: instant, counting: state == .running)
        if reading.isSimulated { noteSimulatedData() }
    }

    /// - Parameter instant: when the reading arrived on the monotonic clock.
    mutating func cadenceMeasured(_ reading: CadenceMeasured, at instant: HubInstant) {
        motion.cadenceMeasured(reading, at: instant)
        if reading.isSimulated { noteSimulatedData() }
    }

    /// - Parameter instant: when the reading arrived on the monotonic clock.
    mutating func powerMeasured(_ reading: PowerMeasured, at instant: HubInstant) {
        motion.powerMeasured(reading, at: instant)
        if reading.isSimulated { noteSimulatedData() }
    }

    /// - Parameter instant: when the reading arrived on the monotonic clock.
    mutating func machineMeasured(_ reading: MachineMeasured, at instant: HubInstant) {
        motion.machineMeasured(reading, at: instant, counting: state == .running)
        if reading.isSimulated { noteSimulatedData() }
    }

    /// - Parameter instant: when the fix arrived on the monotonic clock.
    mutating func positionMeasured(_ fix: PositionMeasured, at instant: HubInstant) {
        // Whatever the state: a fix says whether the person moves, which an auto-paused workout waits for.
        motion.positionMeasured(fix, at: instant, clockSpeed: clock.speed)
        guard state == .running else { return }
        if fix.isSimulated { noteSimulatedData() }
        let speed = clock.speed
        guard session?.add(fix, receivedAt: instant, speed: speed) == false else { return }
        logger.debug("dropped an implausible position jump", metadata: ["rejected": "\(session?.rejectedFixes ?? 0)"])
    }

    /// A simulated reading reached the workout under way: it is stored as simulated, so that history and
    /// statistics can leave it out.
    private mutating func noteSimulatedData() {
        guard state == .running || state == .paused, let id = session?.id, session?.isSimulated == false else { return }
        session?.isSimulated = true
        writer.send(.simulated(id))
    }

    /// The heart rate to record for the second ending at `instant`: nil when stale or without skin contact.
    ///
    /// A reading goes stale after the configured timeout of hub time since it arrived, but never within one real
    /// second: at `--speed 60` five hub seconds are 83 ms, and a busy machine can hold back the simulator's next
    /// reading that long without any sensor being lost. Arrival is measured on the monotonic clock, so a reading
    /// stamped in the future (a wall clock that stepped) is not fresh for longer.
    ///
    /// A fitness machine's own heart rate stands in only while no strap reading is fresh.
    func freshHeartRate(at instant: HubInstant) -> Int? {
        strapHeartRate(at: instant) ?? motion.machineHeartRate(at: instant, staleAfter: staleAfter)
    }

    /// How long after it arrived a reading is used: the heart-rate timeout, and never under one real second.
    var staleAfter: Duration { .seconds(max(settings.heartRateTimeout.seconds, clock.speed)) }

    func strapHeartRate(at instant: HubInstant) -> Int? {
        guard let (reading, receivedAt) = latestHeartRate, reading.contact != .noContact,
            HeartRateMeasured.isPlausible(beatsPerMinute: reading.beatsPerMinute), instant - receivedAt <= staleAfter
        else { return nil }
        return reading.beatsPerMinute
    }
}
