import Foundation
import HubCore
import Location
import Positioning
import Testing
import WorkoutFiles

/// Runs and rides recorded by consumer GPS devices, replayed through the live pipeline from their positions alone,
/// against the devices' own distance and timer (issue 9's target: distance within 1 % for the large majority,
/// moving time within 2 %).
///
/// The recordings are TCX files: each lap states the device's distance (`DistanceMeters`) and timer
/// (`TotalTimeSeconds`). They are read from `Recordings/` next to this file, or from the directory named by
/// `STAYFIT_GPS_RECORDINGS`; `Recordings/README.md` says which files, where they come from, and their licences.
@Suite struct DeviceRecordingTests {
    static let recordings: [URL] = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Recordings")
        let directory = ProcessInfo.processInfo.environment["STAYFIT_GPS_RECORDINGS"].map(URL.init(fileURLWithPath:))
        let files =
            (try? FileManager.default.contentsOfDirectory(at: directory ?? here, includingPropertiesForKeys: nil))
        return (files ?? []).filter { $0.pathExtension == "tcx" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }()

    /// One recording's figures: the device's, the hub's from the positions, and raw haversine's.
    struct Figures: CustomStringConvertible {
        var name: String
        var deviceMeters: Double
        var deviceTimerSeconds: Double
        var hubMeters: Double
        var hubMovingSeconds: Int
        var rawMeters: Double

        var hubError: Double { hubMeters / deviceMeters - 1 }
        var rawError: Double { rawMeters / deviceMeters - 1 }
        var movingError: Double { Double(hubMovingSeconds) / deviceTimerSeconds - 1 }

        var description: String {
            func percent(_ value: Double) -> String { String(format: "%+6.3f %%", value * 100) }
            return name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + String(format: "%9.0f m", deviceMeters) + "  hub " + percent(hubError) + "  raw " + percent(rawError)
                + String(format: "  timer %6.0f s", deviceTimerSeconds) + "  moving " + percent(movingError)
        }
    }

    /// Plays one recording through the location plugin's filter and the workout's pipeline, as `stayfit workouts
    /// import` would with the device's own distance taken out.
    static func figures(of url: URL) throws -> Figures {
        var activity = try ActivityFileReader.read(path: url.path)
        let deviceMeters = activity.laps.compactMap(\.distanceMeters).reduce(0, +)
        let deviceTimerSeconds = activity.laps.compactMap(\.totalTimeSeconds).reduce(0, +)
        // From the positions alone: the device's own distances would be kept otherwise.
        for index in activity.points.indices { activity.points[index].distanceMeters = nil }
        for index in activity.laps.indices { activity.laps[index].distanceMeters = nil }
        let hub = WorkoutImporter.workout(from: activity, filter: LiveTrackFilter())

        var rawMeters = 0.0
        var previous: TrackPoint?
        for point in activity.points where point.hasPosition {
            if let previous, let latitude = point.latitude, let longitude = point.longitude,
                let lastLatitude = previous.latitude, let lastLongitude = previous.longitude
            {
                rawMeters += Geo.distanceMeters(
                    fromLatitude: lastLatitude, longitude: lastLongitude, toLatitude: latitude, longitude: longitude)
            }
            previous = point
        }
        return Figures(
            name: url.deletingPathExtension().lastPathComponent, deviceMeters: deviceMeters,
            deviceTimerSeconds: deviceTimerSeconds, hubMeters: hub.totals.distanceMeters,
            hubMovingSeconds: hub.totals.movingSeconds, rawMeters: rawMeters)
    }

    @Test(.enabled(if: !recordings.isEmpty, "no recordings here: see Tests/LocationTests/Recordings/README.md"))
    func distanceAndMovingTimeFromThePositionsMatchTheDevices() throws {
        var all: [Figures] = []
        for url in Self.recordings {
            let figures = try Self.figures(of: url)
            try #require(figures.deviceMeters > 0 && figures.deviceTimerSeconds > 0, "\(url.lastPathComponent)")
            all.append(figures)
        }
        print("device distance, the hub's and raw haversine's error, device timer, the hub's moving time's error")
        for figures in all { print(figures) }

        let withinOnePercent = all.filter { abs($0.hubError) <= 0.01 }
        #expect(Double(withinOnePercent.count) >= 0.8 * Double(all.count), "\(all.filter { abs($0.hubError) > 0.01 })")
        for figures in all { #expect(abs(figures.movingError) <= 0.02, "\(figures)") }
        // Where joining the points up as they are drifts (jitter, stops), the hub still meets the target.
        for figures in all where abs(figures.rawError) > 0.02 { #expect(abs(figures.hubError) <= 0.01, "\(figures)") }
    }
}
