import Foundation
import Records

/// What a GPX or TCX file holds: its points in time order, where its segments and laps begin, and its sport.
public struct RecordedActivity: Sendable {
    /// The points, strictly increasing in time (those out of order are left out and counted).
    public var points: [TrackPoint] = []
    /// Indexes into `points` where a new track segment (GPX `trkseg`, TCX `Track`) begins, after the first.
    public var segmentStarts: [Int] = []
    /// The file's laps (TCX), in order; empty for GPX.
    public var laps: [RecordedLap] = []
    public var sport: ActivitySport = .running
    /// The name the file gives the activity, if any.
    public var name: String?
    /// Points dropped because they repeated the time of the point before.
    public var repeatedTimes = 0
    /// Points dropped because their time was before the point's before them (a device's slip).
    public var outOfOrderTimes = 0
    public var format: WorkoutFileFormat

    public init(format: WorkoutFileFormat) { self.format = format }

    /// Where the workout's distance comes from: the recorder's own measurement when the file carries one (its
    /// running distance, or in a GPX its speed), else the positions, as for a live workout.
    public var distanceSource: DistanceSource {
        if points.contains(where: { $0.distanceMeters != nil }) { return .recorder }
        // A TCX's speed is the recorder's too, but TCX states its distance wherever it has one. A speed on only
        // some points would count the rest as standing still: then the positions measure the distance.
        if format == .gpx, points.count(where: { $0.speedMetersPerSecond != nil }) * 10 >= points.count * 9 {
            return .recorderSpeed
        }
        return .positions
    }

    /// Whether the recorder's own distance is kept; otherwise the hub computes the distance from the positions.
    public var keepsOwnDistance: Bool { distanceSource != .positions }
}

/// Where an imported workout's distance comes from.
public enum DistanceSource: String, Sendable, CaseIterable {
    /// The recorder's running distance in the file (TCX `DistanceMeters`, a GPX `distance` extension).
    case recorder
    /// The recorder's speed in the file (a GPX `speed` extension), over the time between points.
    case recorderSpeed
    /// The positions, through the hub's own pipeline.
    case positions

    /// What the workout's distance is, in words: "the recorder's own distance".
    public var description: String {
        switch self {
        case .recorder: "the recorder's own distance"
        case .recorderSpeed: "the distance from the recorder's speed"
        case .positions: "the distance from the positions"
        }
    }
}

/// A lap as a TCX file states it.
public struct RecordedLap: Sendable, Equatable {
    /// Index of the lap's first point in `RecordedActivity.points`.
    public var firstPoint: Int
    public var startTime: Date
    public var totalTimeSeconds: Double?
    public var distanceMeters: Double?
    public var kilocalories: Double?

    public init(
        firstPoint: Int, startTime: Date, totalTimeSeconds: Double? = nil, distanceMeters: Double? = nil,
        kilocalories: Double? = nil
    ) {
        self.firstPoint = firstPoint
        self.startTime = startTime
        self.totalTimeSeconds = totalTimeSeconds
        self.distanceMeters = distanceMeters
        self.kilocalories = kilocalories
    }
}

/// The sport written into an exported file; TCX knows these three.
public enum ActivitySport: String, Sendable, CaseIterable {
    case running, biking, other

    /// The sport of a kind of workout: a treadmill is running and a trainer ride biking, as Garmin and Strava file
    /// them; a row, a strength session and other kinds are "other".
    public init(kind: WorkoutKind) {
        switch kind.movement {
        case .onFoot: self = .running
        case .wheels: self = .biking
        case .rowing, .inPlace: self = .other
        }
    }

    /// The kind of workout a file of this sport is stored as.
    public var workoutKind: WorkoutKind {
        switch self {
        case .running: .run
        case .biking: .ride
        case .other: .other
        }
    }

    /// TCX's `Sport` attribute.
    var trainingCenterName: String {
        switch self {
        case .running: "Running"
        case .biking: "Biking"
        case .other: "Other"
        }
    }
}

/// The file formats of `stayfit workouts export` and `import`.
public enum WorkoutFileFormat: String, Sendable, CaseIterable {
    /// GPX 1.1 with Garmin's TrackPointExtension v2 for heart rate, cadence and speed, and the running distance.
    case gpx
    /// Garmin's Training Center Database v2 with its ActivityExtension v2.
    case tcx

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}
