import Foundation

/// GPX 1.1 track points, with heart rate, cadence and speed from Garmin's TrackPointExtension (v1 or v2), and the
/// recorder's running distance from a `distance` extension (ClueTrust's gpxdata, as the hub writes it).
/// Waypoints and routes are not a recorded workout and are left alone.
struct GPXVocabulary: ActivityVocabulary {
    private var point: TrackPoint?
    private var pointLine = 0
    private var hasTime = false

    mutating func start(
        _ name: String, path: [String], attributes: [String: String], line: Int, into builder: inout ActivityBuilder
    ) throws {
        switch name {
        case "trkseg":
            builder.beginSegment()
        case "trkpt":
            guard let latitudeText = attributes["lat"], let longitudeText = attributes["lon"] else {
                throw builder.error(line, "a <trkpt> without lat and lon attributes")
            }
            let latitude = try number(latitudeText, "trkpt lat", line: line, builder: builder)
            let longitude = try number(longitudeText, "trkpt lon", line: line, builder: builder)
            point = TrackPoint(time: .distantPast, latitude: latitude, longitude: longitude)
            pointLine = line
            hasTime = false
        default:
            break
        }
    }

    mutating func end(_ name: String, path: [String], text: String, line: Int, into builder: inout ActivityBuilder)
        throws
    {
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        guard var point else {
            if parent == "trk", name == "name" { builder.activity.name = text }
            if parent == "trk", name == "type" { builder.activity.sport = Self.sport(text) }
            return
        }
        switch name {
        case "ele" where parent == "trkpt":
            point.altitudeMeters = try number(text, name, line: line, builder: builder)
        case "time" where parent == "trkpt":
            point.time = try time(text, name, line: line, builder: builder)
            hasTime = true
        case "hr":
            point.heartRate = try heartRate(text, name, line: line, builder: builder)
        case "cad":
            point.cadence = try cadence(text, name, line: line, builder: builder)
        case "speed":
            point.speedMetersPerSecond = try speed(text, name, line: line, builder: builder)
        case "distance":
            // The recorder's running distance, as the hub writes it (ClueTrust's gpxdata) and others do.
            let distance = try number(text, name, line: line, builder: builder)
            guard distance >= 0, distance < 10_000_000 else {
                throw builder.error(line, "<distance> \(distance) is not a distance in metres")
            }
            point.distanceMeters = distance
        case "steps" where parent == "extensions":
            // The workout's steps so far, as the hub writes them (its own extension).
            let steps = try number(text, name, line: line, builder: builder)
            guard steps >= 0, steps < 100_000_000, steps == steps.rounded() else {
                throw builder.error(line, "<steps> \(text) is not a count of steps")
            }
            point.stepsTotal = Int(steps)
        case "trkpt":
            guard hasTime else {
                throw builder.error(pointLine, "a track point without a <time>; a workout needs the time of each point")
            }
            try builder.add(point, line: pointLine)
            self.point = nil
            return
        default:
            break
        }
        self.point = point
    }

    /// The sport from a track's `<type>`, which writers fill with words or Strava's numbers.
    static func sport(_ type: String) -> ActivitySport {
        let word = type.lowercased()
        if word.contains("run") || word.contains("walk") || word.contains("hik") || word == "9" { return .running }
        if word.contains("bik") || word.contains("cycl") || word.contains("ride") || word == "1" { return .biking }
        return .other
    }
}
