import Foundation
import WorkoutFiles

/// The location plugin's ``FixFilter`` over a recorded file's points, so that an imported or replayed GPX counts
/// its distance exactly as a live workout over gpsd would: vague points and jumps left out, jitter smoothed, a
/// stop held still.
///
/// Each point is reported as gpsd would report it: a 3D fix when it has an elevation, with the recorder's speed
/// when it stored one, and without an error estimate (files carry none, so the accuracy gate lets it through).
public struct LiveTrackFilter: TrackPointFilter, Sendable {
    private var fixes: FixFilter

    public init(settings: FixFilter.Settings = FixFilter.Settings()) { fixes = FixFilter(settings: settings) }

    public mutating func filter(_ point: TrackPoint) -> TrackPoint? {
        let report = GPSDPosition(
            mode: point.altitudeMeters == nil ? 2 : 3, time: point.time, latitude: point.latitude,
            longitude: point.longitude, altitudeMSL: point.altitudeMeters, speed: point.speedMetersPerSecond)
        guard case .fix(let fix) = fixes.take(report) else { return nil }
        var counted = point
        counted.latitude = fix.latitude
        counted.longitude = fix.longitude
        counted.altitudeMeters = fix.altitudeMeters
        counted.speedMetersPerSecond = fix.speedMetersPerSecond
        return counted
    }

    /// The recorder paused: the filter starts over, as it does when gpsd comes back after a gap.
    public mutating func pause() { fixes = FixFilter(settings: fixes.settings) }
}
