import Foundation
import HubCore

/// Turns gpsd's TPV reports into fixes worth publishing: only real fixes, no repeats, no absurd values or
/// jumps, smoothed without cutting corners, and held still while the receiver stands still.
///
/// Arithmetic on the receiver's own times, so it gives the same track however fast the reports arrive, and it is
/// unit-tested with generated tracks. Only a receiver time that jumps is judged against the hub's monotonic clock,
/// when the caller gives the moment each report arrived. The steps, in order:
///
/// 1. A report without mode ≥ 2, a time, a latitude and a longitude is no fix (``Outcome/noFix``).
/// 2. A repeated time (gpsd repeats early cycles) is dropped. So is one before the last accepted, or (given when
///    reports arrive) one more than ``receiverTimeTolerance`` ahead of the last accepted plus the monotonic time
///    since it arrived: a receiver time that jumped, once, must not make every later fix look old (one fix dated
///    a day ahead cost a workout two thirds of its distance). When the next report follows on from the jumped one,
///    the receiver's time really moved (a clock set after a cold start, a tunnel played faster than real time in a
///    test), and the track starts again from there.
/// 3. Absurd values (|lat| > 90, |lon| > 180, speed > 100 m/s, altitude outside −500…10 000 m, a negative error)
///    are dropped.
/// 4. A fix whose horizontal error (`eph`, else `epx`/`epy`) is above `maximumErrorMeters` is dropped.
/// 5. A fix that would mean more than 100 m/s from the last accepted one is a jump and is dropped; after
///    ``jumpsBeforeRestart`` in a row the receiver really is elsewhere, and the track starts again there.
/// 6. The rest go through an ``AxisSmoother`` per axis (position and, when given, Doppler velocity).
/// 7. Below `stationarySpeed` for two fixes in a row the position is held; it moves again above
///    `movingSpeed` or when the smoothed position leaves the held one by ``stationaryRadiusMeters``.
public struct FixFilter: Sendable {
    /// The thresholds, from the plugin's configuration.
    public struct Settings: Sendable, Equatable {
        public var maximumErrorMeters: Double
        public var stationarySpeed: Double
        public var movingSpeed: Double

        public init(maximumErrorMeters: Double = 40, stationarySpeed: Double = 0.5, movingSpeed: Double = 0.8) {
            self.maximumErrorMeters = maximumErrorMeters
            self.stationarySpeed = stationarySpeed
            self.movingSpeed = movingSpeed
        }
    }

    /// Why a report was dropped; each is counted.
    public enum Drop: String, Sendable, CaseIterable {
        case repeatedTime = "repeated time"
        case timeWentBack = "time went back"
        /// Further ahead of the last fix than the hub's monotonic clock went since it arrived.
        case timeJump = "time jump"
        case absurdValue = "absurd value"
        case inaccurate = "too inaccurate"
        case jump = "jump"
    }

    public enum Outcome: Sendable, Equatable {
        case fix(FilteredFix)
        /// The receiver has no fix (mode 0 or 1, or no time or position yet).
        case noFix
        case dropped(Drop)
    }

    /// Faster than any runner or cyclist, and than a car on a motorway: a fix implying more is a glitch.
    public static let maximumSpeed = 100.0
    /// Jumps in a row after which the new place is believed.
    public static let jumpsBeforeRestart = 5
    /// How far, in seconds, a receiver's time may run ahead of the monotonic time since the last fix arrived. A
    /// receiver stamps a fix within a second of taking it and gpsd passes it on at once, so a few seconds cover
    /// a busy hub reading a backlog; 5 is the `stale-after-seconds` default, after which the hub says "no fix"
    /// anyway. A time behind the monotonic expectation (a backlog read late) is never judged: only the ahead.
    public static let receiverTimeTolerance = 5.0
    /// A gap in fixes longer than this starts the smoother afresh where the receiver is now (a tunnel).
    public static let gapSeconds = 10.0
    /// How far the smoothed position may wander from a held stop before it counts as moving.
    public static let stationaryRadiusMeters = 15.0
    /// Used when the receiver gives no error estimate, metres.
    static let defaultErrorMeters = 8.0
    /// Doppler speed error per axis, m/s: far smaller than the position's.
    static let velocitySigma = 0.3
    /// Time constant of the altitude's smoothing, seconds.
    static let altitudeTimeConstant = 5.0

    public let settings: Settings
    private var lastTime: Date?
    /// When the last accepted report arrived, monotonic seconds, when the caller says.
    private var lastArrival: Double?
    /// The last report dropped for its time, with when it arrived: the next one tells a glitch from a real step.
    private var jumpedTo: (time: Date, arrival: Double)?
    /// The last accepted raw position and its time: a jump is judged against it.
    private var lastAccepted: (latitude: Double, longitude: Double, time: Date)?
    private var jumpsInARow = 0
    private var plane: LocalPlane?
    private var east: AxisSmoother?
    private var north: AxisSmoother?
    private var altitude: Double?
    private var slowFixes = 0
    /// Where a stop was held, in the local plane; nil while moving.
    private var heldAt: (east: Double, north: Double)?

    public init(settings: Settings = Settings()) { self.settings = settings }

    /// Takes one TPV report and says what becomes of it.
    ///
    /// - Parameter arrival: when the report arrived on the hub's monotonic clock (seconds from any origin); nil
    ///   (a file's points) judges the time by the last fix alone.
    public mutating func take(_ report: GPSDPosition, arrival: Double? = nil) -> Outcome {
        guard report.mode >= 2, let time = report.time, let latitude = report.latitude,
            let longitude = report.longitude
        else { return .noFix }
        if let lastTime {
            if time == lastTime { return .dropped(.repeatedTime) }
            if let drop = timeDrop(time, lastTime: lastTime, arrival: arrival) {
                jumpedTo = arrival.map { (time, $0) }
                return .dropped(drop)
            }
        }
        jumpedTo = nil
        guard Self.isSound(report, latitude: latitude, longitude: longitude) else { return .dropped(.absurdValue) }
        let error = report.horizontalErrorMeters
        if let error, error > settings.maximumErrorMeters { return .dropped(.inaccurate) }
        if let last = lastAccepted {
            let seconds = time.timeIntervalSince(last.time)
            let meters = Self.distance(last.latitude, last.longitude, latitude, longitude)
            if meters > Self.maximumSpeed * max(seconds, 1) {
                jumpsInARow += 1
                guard jumpsInARow >= Self.jumpsBeforeRestart else { return .dropped(.jump) }
                restart()
            }
        }
        jumpsInARow = 0
        let dt = lastAccepted.map { time.timeIntervalSince($0.time) } ?? 0
        if dt > Self.gapSeconds { restart() }
        lastTime = time
        lastArrival = arrival
        lastAccepted = (latitude, longitude, time)
        return .fix(smooth(report, latitude: latitude, longitude: longitude, time: time, dt: dt, error: error))
    }

    /// Why a report's time drops it, or nil when it follows on from the last fix (or from a jumped one before it:
    /// then the receiver's time really moved, and the track starts again there).
    private mutating func timeDrop(_ time: Date, lastTime: Date, arrival: Double?) -> Drop? {
        func isAhead(of earlier: Date, arrivedAt: Double?) -> Bool {
            guard let arrival, let arrivedAt else { return false }
            return time.timeIntervalSince(earlier) - (arrival - arrivedAt) > Self.receiverTimeTolerance
        }
        let drop: Drop
        if time < lastTime {
            drop = .timeWentBack
        } else if isAhead(of: lastTime, arrivedAt: lastArrival) {
            drop = .timeJump
        } else {
            return nil
        }
        guard let jumped = jumpedTo, time > jumped.time, !isAhead(of: jumped.time, arrivedAt: jumped.arrival) else {
            return drop
        }
        restart()
        lastAccepted = nil
        return nil
    }

    /// Forgets the smoother's state: the next fix starts a new stretch of track.
    private mutating func restart() {
        (plane, east, north, altitude, heldAt, slowFixes) = (nil, nil, nil, nil, nil, 0)
    }

    private mutating func smooth(
        _ report: GPSDPosition, latitude: Double, longitude: Double, time: Date, dt: Double, error: Double?
    ) -> FilteredFix {
        let sigma = max((error ?? Self.defaultErrorMeters) / 2, 1)
        // Doppler velocity, when the receiver gives speed and track.
        var velocity: (east: Double, north: Double)?
        if let speed = report.speed, let track = report.track {
            let radians = track * .pi / 180
            velocity = (speed * sin(radians), speed * cos(radians))
        }
        if let current = plane, abs(current.north(latitude)) > 20_000 || abs(current.east(longitude)) > 20_000 {
            restart()
        }
        let plane = self.plane ?? LocalPlane(latitude: latitude, longitude: longitude)
        self.plane = plane
        let (x, y) = (plane.east(longitude), plane.north(latitude))
        if var east, var north {
            east.predict(by: dt)
            north.predict(by: dt)
            east.update(position: x, sigma: sigma)
            north.update(position: y, sigma: sigma)
            if let velocity {
                east.update(velocity: velocity.east, sigma: Self.velocitySigma)
                north.update(velocity: velocity.north, sigma: Self.velocitySigma)
            }
            (self.east, self.north) = (east, north)
        } else {
            east = AxisSmoother(
                position: x, positionSigma: sigma, velocity: velocity?.east, velocitySigma: Self.velocitySigma)
            north = AxisSmoother(
                position: y, positionSigma: sigma, velocity: velocity?.north, velocitySigma: Self.velocitySigma)
        }
        let smoothed = (east: east?.position ?? x, north: north?.position ?? y)
        let smoothedSpeed = hypot(east?.velocity ?? 0, north?.velocity ?? 0)
        let speed = report.speed ?? smoothedSpeed

        if let held = heldAt {
            let wandered = hypot(smoothed.east - held.east, smoothed.north - held.north)
            if speed > settings.movingSpeed || wandered > Self.stationaryRadiusMeters { heldAt = nil }
        } else if speed < settings.stationarySpeed {
            slowFixes += 1
            if slowFixes >= 2 { heldAt = smoothed }
        } else {
            slowFixes = 0
        }
        if heldAt == nil, speed >= settings.stationarySpeed { slowFixes = 0 }

        if report.mode >= 3, let measured = report.altitudeMSL ?? report.altitudeHAE {
            if let previous = altitude, dt > 0 {
                altitude = previous + (measured - previous) * (1 - exp(-dt / Self.altitudeTimeConstant))
            } else {
                altitude = measured
            }
        } else if report.mode < 3 {
            altitude = nil
        }
        let point = heldAt ?? smoothed
        return FilteredFix(
            latitude: plane.latitude(north: point.north), longitude: plane.longitude(east: point.east),
            altitudeMeters: altitude, speedMetersPerSecond: heldAt == nil ? speed : 0, time: time,
            horizontalErrorMeters: error, isStationary: heldAt != nil)
    }

    private static func isSound(_ report: GPSDPosition, latitude: Double, longitude: Double) -> Bool {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return false }
        if let speed = report.speed, !(speed >= 0 && speed <= maximumSpeed) { return false }
        if let track = report.track, !track.isFinite { return false }
        for altitude in [report.altitudeMSL, report.altitudeHAE] {
            if let altitude, !(altitude >= -500 && altitude <= 10_000) { return false }
        }
        for error in [report.eph, report.epx, report.epy] {
            if let error, !(error >= 0 && error.isFinite) { return false }
        }
        return true
    }

    /// Haversine distance in metres, like the workout's own distance.
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        Geo.distanceMeters(fromLatitude: lat1, longitude: lon1, toLatitude: lat2, longitude: lon2)
    }
}
