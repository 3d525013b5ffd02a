import Foundation
import Records

/// Plays a workout recorded elsewhere (a GPX or TCX file) through the live workout's own per-second pipeline.
///
/// The fixes go through the same `WorkoutSession` as a live receiver's, so an imported route gets the same
/// distance, speed and glitch filtering as one recorded by the hub, and any improvement to that pipeline applies
/// to imports too. Time is the file's own: a fix's arrival is its timestamp, so nothing here waits.
///
/// ```swift
/// var replay = WorkoutReplay(startedAt: first.time)
/// replay.addPosition(latitude: 48.1, longitude: 11.5, at: first.time)
/// let sample = replay.closeSecond(label: first.time, heartRate: 120)
/// ```
public struct WorkoutReplay: Sendable {
    private var session: WorkoutSession
    private let origin: Date
    private let person: Calories.Person

    /// - Parameter person: whose calories are estimated (the stored profile, as for a live workout).
    public init(startedAt: Date, person: Calories.Person = .unknown) {
        origin = startedAt
        self.person = person
        session = WorkoutSession(id: 0, startedAt: startedAt, at: HubInstant(sinceOrigin: .zero))
    }

    /// The totals so far.
    public var totals: WorkoutTotals { session.metrics.totals }

    /// Fixes the live pipeline dropped as implausible jumps.
    public var rejectedFixes: Int { session.rejectedFixes }

    /// Adds a position fix taken at `date` to the current second; false when the pipeline drops it.
    @discardableResult
    public mutating func addPosition(
        latitude: Double, longitude: Double, altitudeMeters: Double? = nil, speedMetersPerSecond: Double? = nil,
        at date: Date
    ) -> Bool {
        let fix = PositionMeasured(
            latitude: latitude, longitude: longitude, altitudeMeters: altitudeMeters,
            speedMetersPerSecond: speedMetersPerSecond, source: "import", timestamp: date)
        return session.add(fix, receivedAt: instant(of: date), speed: 1)
    }

    /// Closes one second of moving time labelled `label` and returns the sample to store.
    public mutating func closeSecond(label: Date, heartRate: Int?, stepsTotal: Int? = nil) -> WorkoutSample {
        session.closeSecond(
            at: instant(of: label), label: label, heartRate: heartRate, stepsTotal: stepsTotal, person: person)
    }

    /// A pause: the distance to the next fix and the beats around it are not counted, as at a live pause.
    public mutating func pause() { session.breakTrack() }

    /// Closes the current lap at `date` and returns it.
    public mutating func closeLap(at date: Date) -> WorkoutLap { session.closeLap(at: date) }

    private func instant(of date: Date) -> HubInstant {
        HubInstant(sinceOrigin: .milliseconds(Int64((date.timeIntervalSince(origin) * 1000).rounded())))
    }
}
