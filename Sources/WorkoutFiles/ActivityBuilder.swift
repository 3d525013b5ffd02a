import Foundation
import HubCore

#if canImport(Glibc)
    import Glibc
#endif

/// Collects a file's points as they are parsed and checks each one: every problem is reported with its line.
struct ActivityBuilder {
    /// The longest activity read: a file covering more is not one workout.
    static let longestActivity: TimeInterval = 72 * 3600
    /// Heart rates outside this range are not a person's (the hub's one range, for every path).
    static let plausibleHeartRates = HeartRateMeasured.plausibleBeatsPerMinute
    /// Elevations outside this range are not on Earth's surface.
    static let plausibleAltitudes = -1_000.0...10_000.0
    /// How far a recorder's running distance may go back: some correct it by a metre or so at a stop (an Edge 305
    /// by up to 1.4 m in one real ride). More than this is not one recording.
    static let distanceCorrection = 10.0
    /// Points out of time order left out before the file is refused (or 1 % of its points, when more): more is
    /// not a device's slip but files run together.
    static let outOfOrderAllowed = 10
    /// No recorder with GPS or a heart-rate strap stored an activity before 1990 (1990-01-01T00:00:00Z); an earlier
    /// time is a recorder's clock that was never set (0001-01-01 is a zero date).
    static let earliestTime = Date(timeIntervalSince1970: 631_152_000)
    /// How far past the importing machine's clock a point may be: a day covers every time zone and a clock a little
    /// off; more (9999-12-31) is a made-up or broken time.
    static let latestAhead: TimeInterval = 86_400

    let file: String
    var activity: RecordedActivity
    private var segmentHasPoints = false
    /// The latest time a point may have: a day after the clock when the file was opened.
    private let latestTime: Date
    /// The first point left out for its time, for the error when too many are.
    private var firstOutOfOrder: (line: Int, times: String)?

    init(file: String, format: WorkoutFileFormat, expectedPoints: Int = 0, now: Date = Date()) {
        self.file = file
        latestTime = now.addingTimeInterval(Self.latestAhead)
        activity = RecordedActivity(format: format)
        activity.points.reserveCapacity(expectedPoints)
    }

    func error(_ line: Int?, _ problem: String) -> WorkoutFileError {
        WorkoutFileError(file: file, line: line, problem: problem)
    }

    /// A new track segment starts (GPX `trkseg`, TCX `Track`).
    mutating func beginSegment() {
        if !activity.points.isEmpty, segmentHasPoints { activity.segmentStarts.append(activity.points.count) }
        segmentHasPoints = false
    }

    mutating func beginLap(startTime: Date?, line: Int) throws {
        guard let startTime else { throw error(line, "a Lap without a valid StartTime") }
        activity.laps.append(RecordedLap(firstPoint: activity.points.count, startTime: startTime))
    }

    mutating func setLap(total: Double? = nil, distance: Double? = nil, kilocalories: Double? = nil, line: Int) throws {
        guard !activity.laps.isEmpty else { return }
        if let total {
            guard total.isFinite, total >= 0 else { throw error(line, "TotalTimeSeconds \(total) is not a duration") }
            activity.laps[activity.laps.count - 1].totalTimeSeconds = total
        }
        if let distance {
            guard distance.isFinite, distance >= 0, distance < 10_000_000 else {
                throw error(line, "DistanceMeters \(distance) is not a distance")
            }
            activity.laps[activity.laps.count - 1].distanceMeters = distance
        }
        if let kilocalories {
            guard kilocalories.isFinite, kilocalories >= 0 else {
                throw error(line, "Calories \(kilocalories) is not an amount of energy")
            }
            activity.laps[activity.laps.count - 1].kilocalories = kilocalories
        }
    }

    /// Checks a complete point and adds it.
    mutating func add(_ point: TrackPoint, line: Int) throws {
        // Written so that a time that is not a number of seconds at all is refused too.
        guard point.time >= Self.earliestTime, point.time <= latestTime else {
            let when = point.time < Self.earliestTime ? "before 1990" : "more than a day after today"
            throw error(
                line,
                "the time \(Self.label(point.time)) is \(when); the recorder's clock was not set. Set the date "
                    + "in the file (or the device) and export it again")
        }
        if let latitude = point.latitude, let longitude = point.longitude {
            // Written so that NaN, which compares false with everything, is refused too.
            guard abs(latitude) <= 90, abs(longitude) <= 180 else {
                throw error(
                    line, "position \(latitude), \(longitude) is not on Earth (latitude -90…90, longitude -180…180)")
            }
        }
        if let altitude = point.altitudeMeters, !Self.plausibleAltitudes.contains(altitude) {
            throw error(line, "elevation \(altitude) m is not on Earth's surface (-1000…10000 m)")
        }
        if let heartRate = point.heartRate, !Self.plausibleHeartRates.contains(heartRate) {
            throw error(line, "heart rate \(heartRate) is outside \(HeartRateMeasured.plausibleRangeDescription)")
        }
        if let last = activity.points.last {
            if point.time < last.time {
                // Devices write a point out of order now and then (a Fenix 2 two among 24,000, each a second
                // before the point it follows): it is left out and counted, and the rest is imported.
                if activity.outOfOrderTimes == 0 {
                    firstOutOfOrder = (
                        line, "\(Self.label(point.time)) follows \(Self.label(last.time)) of line \(last.line)"
                    )
                }
                activity.outOfOrderTimes += 1
                return
            }
            if point.time == last.time {
                activity.repeatedTimes += 1
                return
            }
            if let distance = point.distanceMeters, let before = last.distanceMeters,
                distance < before - Self.distanceCorrection
            {
                throw error(line, "the distance goes down (\(distance) m follows \(before) m)")
            }
            if let first = activity.points.first, point.time.timeIntervalSince(first.time) > Self.longestActivity {
                throw error(line, "the activity lasts more than 72 hours; one file must hold one workout")
            }
        }
        var point = point
        point.line = Int32(clamping: line)
        activity.points.append(point)
        segmentHasPoints = true
    }

    /// The activity, once the whole file is read.
    func finish() throws -> RecordedActivity {
        guard !activity.points.isEmpty else {
            throw error(nil, "no track points with a time; export the activity with its recorded track")
        }
        // A few points out of order are a device's slip; many are not one recording in time order.
        if let first = firstOutOfOrder,
            activity.outOfOrderTimes > max(Self.outOfOrderAllowed, activity.points.count / 100)
        {
            throw error(
                first.line,
                "the time goes backwards at \(activity.outOfOrderTimes) points (the first: \(first.times)); the "
                    + "file does not hold one recording in time order. Export the activity again from its device")
        }
        var activity = activity
        activity.laps.removeAll { $0.firstPoint >= activity.points.count }  // laps without points
        return activity
    }

    /// `2026-11-22T07:00:00Z`, on the proleptic Gregorian calendar as in the file (glibc's `gmtime_r`):
    /// `ISO8601DateFormatter` switches to the Julian calendar before 1582 and would print 0001-01-01 as 0001-01-03.
    static func label(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "\(date.timeIntervalSince1970) s after 1970" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(parts.tm_year + 1900)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-\(two(parts.tm_mon + 1))-"
            + "\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
