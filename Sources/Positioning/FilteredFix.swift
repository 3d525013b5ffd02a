import Foundation

/// A fix that passed the filter: what the plugin publishes.
public struct FilteredFix: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Smoothed altitude above mean sea level; nil for a 2D fix.
    public var altitudeMeters: Double?
    /// Metres per second; 0 while the receiver stands still.
    public var speedMetersPerSecond: Double
    /// The receiver's time of the fix.
    public var time: Date
    /// The receiver's horizontal error estimate, when it gave one.
    public var horizontalErrorMeters: Double?
    /// Standing still: the position is held where the stop began, so that drift adds no distance.
    public var isStationary: Bool
}
