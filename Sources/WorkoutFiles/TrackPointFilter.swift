import Foundation

/// Cleans a recorded track's positions before they count, as the location plugin cleans a receiver's fixes.
///
/// `WorkoutImporter` hands every point with a position to its filter, in time order, and counts what comes back:
/// with the location plugin's `FixFilter` behind it, a file plays through the whole live pipeline (smoothing,
/// the hold at a stop, then the workout's distance), not only its second half.
///
/// ```swift
/// struct Unchanged: TrackPointFilter {
///     mutating func filter(_ point: TrackPoint) -> TrackPoint? { point }
///     mutating func pause() {}
/// }
/// ```
public protocol TrackPointFilter {
    /// The point as it should count (its position smoothed, or held at a stop), or nil to leave its position out.
    mutating func filter(_ point: TrackPoint) -> TrackPoint?
    /// The recorder paused: the next point starts a new stretch of track.
    mutating func pause()
}

/// Counts a file's positions as they are: the importer's default.
public struct UnfilteredTrack: TrackPointFilter, Sendable {
    public init() {}
    public func filter(_ point: TrackPoint) -> TrackPoint? { point }
    public func pause() {}
}
