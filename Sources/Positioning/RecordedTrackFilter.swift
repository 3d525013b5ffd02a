import Foundation
import WorkoutFiles

/// Cleans an imported track's positions: the recorder stored them, and they count as it stored them, except
/// where it stood still.
///
/// A live receiver's raw fixes jitter, and ``FixFilter`` smooths them before they count. A recorder's stored
/// points are already its own positions, filtered by the device: smoothed a second time they overshoot turns at
/// 1 Hz (+0.8 % on a Wahoo ELEMNT ride, where the points as stored are within +0.9 % of the device) and cut
/// corners when stored every 2–6 s (−1.75 % on a Forerunner 110 run, −1.2 % as stored). So:
///
/// - A track stored about once a second (median interval below ``sparseInterval``) goes through the live
///   ``FixFilter`` only to tell where the receiver stood still: there the position is held, as live, so that
///   wander at a stop adds no distance (+5.2 % on a Polar M400 run with a 6-minute stop); moving, each point
///   counts as recorded. Jumps are left out as live.
/// - A sparser track ("smart recording": a point when the course or pace changes) counts every point as
///   recorded: such a recorder stores few points at a stop, and each it stores marks a turn.
public struct RecordedTrackFilter: TrackPointFilter, Sendable {
    /// The median time between points from which a track counts as sparse.
    public static let sparseInterval: TimeInterval = 2

    /// The live filter, for a track stored about once a second; nil for a sparse one.
    private var fixes: FixFilter?

    /// The filter for `activity`'s points, chosen by how often they were stored.
    public init(for activity: RecordedActivity, settings: FixFilter.Settings = FixFilter.Settings()) {
        fixes = Self.isSparse(activity.points) ? nil : FixFilter(settings: settings)
    }

    /// Whether the median time between successive points is ``sparseInterval`` or more.
    public static func isSparse(_ points: [TrackPoint]) -> Bool {
        guard points.count > 2 else { return false }
        var intervals = zip(points, points.dropFirst()).map { $1.time.timeIntervalSince($0.time) }
        intervals.sort()
        return intervals[intervals.count / 2] >= sparseInterval
    }

    public mutating func filter(_ point: TrackPoint) -> TrackPoint? {
        guard var fixes else { return point }
        let report = GPSDPosition(
            mode: point.altitudeMeters == nil ? 2 : 3, time: point.time, latitude: point.latitude,
            longitude: point.longitude, altitudeMSL: point.altitudeMeters, speed: point.speedMetersPerSecond)
        let outcome = fixes.take(report)
        self.fixes = fixes
        guard case .fix(let fix) = outcome else { return nil }
        guard fix.isStationary else { return point }
        var held = point
        held.latitude = fix.latitude
        held.longitude = fix.longitude
        held.speedMetersPerSecond = 0
        return held
    }

    /// The recorder paused: the filter starts over, as it does when gpsd comes back after a gap.
    public mutating func pause() { fixes = fixes.map { FixFilter(settings: $0.settings) } }
}
