import Foundation
import HubCore
import Positioning
import WorkoutFiles

extension RecordedTrack {
    /// Whether `file` is a GPX or TCX recording (by its name), rather than CSV.
    public static func isWorkoutFile(_ file: String) -> Bool {
        let name = file.lowercased()
        return name.hasSuffix(".gpx") || name.hasSuffix(".tcx")
    }

    /// Reads a GPX or TCX recording as seconds to play: each point at its offset from the first, with its
    /// position, elevation and heart rate. The positions go through the filter `stayfit workouts import` uses
    /// (``RecordedTrackFilter``: the location plugin's, holding stops still), so a replayed route counts the
    /// distance its import does: a point the filter leaves out plays as a second with no position.
    ///
    /// Two points in one second keep the later one. A gap (a pause, a tunnel) plays as seconds without readings.
    /// - Throws: `SimulatorError` with the line of the first problem.
    public static func parseWorkoutFile(_ file: String) throws -> [SimulatedSecond] {
        let activity: RecordedActivity
        do {
            activity = try ActivityFileReader.read(path: file)
        } catch let error as WorkoutFileError {
            throw SimulatorError(file: file, line: error.line, problem: error.problem)
        }
        guard let start = activity.points.first?.time else {
            throw SimulatorError(file: file, line: nil, problem: "no track points")
        }
        var seconds: [SimulatedSecond] = []
        var filter = RecordedTrackFilter(for: activity)
        var segmentStarts = Set(activity.segmentStarts)
        for (index, recorded) in activity.points.enumerated() {
            if segmentStarts.remove(index) != nil, index > 0 { filter.pause() }
            var point = recorded
            if point.latitude != nil, point.longitude != nil {
                if let counted = filter.filter(recorded) {
                    point = counted
                } else {
                    point.latitude = nil
                    point.longitude = nil
                    point.altitudeMeters = nil
                }
            }
            let offset = Int(point.time.timeIntervalSince(start).rounded(.down))
            guard offset <= lastSecond else {
                throw SimulatorError(
                    file: file, line: Int(point.line),
                    problem: "the recording goes on past 24 hours; the simulator plays at most 24 hours")
            }
            let second = SimulatedSecond(
                offset: offset, heartRate: point.heartRate, latitude: point.latitude, longitude: point.longitude,
                steps: nil, altitudeMeters: point.altitudeMeters)
            if seconds.last?.offset == offset { seconds[seconds.count - 1] = second } else { seconds.append(second) }
        }
        return seconds
    }
}
