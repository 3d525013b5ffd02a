import Foundation

/// TCX v2 activities: laps with their totals, and track points with position, elevation, the recorder's own
/// distance, heart rate, cadence, and speed and running cadence from Garmin's ActivityExtension.
struct TCXVocabulary: ActivityVocabulary {
    private var point: TrackPoint?
    private var pointLine = 0
    private var hasTime = false
    private var latitude: Double?
    private var longitude: Double?

    mutating func start(
        _ name: String, path: [String], attributes: [String: String], line: Int, into builder: inout ActivityBuilder
    ) throws {
        switch name {
        case "Activity":
            switch attributes["Sport"] {
            case "Running": builder.activity.sport = .running
            case "Biking": builder.activity.sport = .biking
            default: builder.activity.sport = .other
            }
        case "Lap":
            try builder.beginLap(startTime: attributes["StartTime"].flatMap(XMLDateTime.parse), line: line)
        case "Track":
            builder.beginSegment()
        case "Trackpoint":
            point = TrackPoint(time: .distantPast)
            pointLine = line
            hasTime = false
            latitude = nil
            longitude = nil
        default:
            break
        }
    }

    mutating func end(_ name: String, path: [String], text: String, line: Int, into builder: inout ActivityBuilder)
        throws
    {
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        guard var point else {
            guard parent == "Lap" else { return }
            switch name {
            case "TotalTimeSeconds":
                try builder.setLap(total: number(text, name, line: line, builder: builder), line: line)
            case "DistanceMeters":
                try builder.setLap(distance: number(text, name, line: line, builder: builder), line: line)
            case "Calories":
                try builder.setLap(kilocalories: number(text, name, line: line, builder: builder), line: line)
            default:
                break
            }
            return
        }
        switch name {
        case "Time" where parent == "Trackpoint":
            point.time = try time(text, name, line: line, builder: builder)
            hasTime = true
        case "LatitudeDegrees":
            latitude = try number(text, name, line: line, builder: builder)
        case "LongitudeDegrees":
            longitude = try number(text, name, line: line, builder: builder)
        case "AltitudeMeters":
            point.altitudeMeters = try number(text, name, line: line, builder: builder)
        case "DistanceMeters" where parent == "Trackpoint":
            let distance = try number(text, name, line: line, builder: builder)
            guard distance >= 0, distance < 10_000_000 else {
                throw builder.error(line, "DistanceMeters \(distance) is not a distance")
            }
            point.distanceMeters = distance
        case "Value" where parent == "HeartRateBpm":
            point.heartRate = try heartRate(text, name, line: line, builder: builder)
        case "Cadence" where parent == "Trackpoint", "RunCadence":
            point.cadence = try cadence(text, name, line: line, builder: builder)
        case "Speed":
            point.speedMetersPerSecond = try speed(text, name, line: line, builder: builder)
        case "Watts":
            let watts = try number(text, name, line: line, builder: builder)
            guard watts >= 0, watts <= 3000 else { throw builder.error(line, "Watts \(watts) is not a power") }
            point.powerWatts = Int(watts.rounded())
        case "Trackpoint":
            guard hasTime else {
                throw builder.error(pointLine, "a Trackpoint without a <Time>; a workout needs the time of each point")
            }
            guard (latitude == nil) == (longitude == nil) else {
                throw builder.error(pointLine, "a Position needs both LatitudeDegrees and LongitudeDegrees")
            }
            point.latitude = latitude
            point.longitude = longitude
            try builder.add(point, line: pointLine)
            self.point = nil
            return
        default:
            break
        }
        self.point = point
    }
}
