import Foundation
import HubCore
import Reports

/// `/workouts/{id}.gpx` and `/workouts/{id}.tcx`: a finished workout as a file to download, written whole in memory
/// by the store's exporter (`stayfit workouts export`'s writers); no file on the hub is read or written.
struct WorkoutDownload: Equatable {
    /// `stayfit-2026-11-27-ride.gpx`: from the workout's start and kind, never from the request; only letters,
    /// digits, `-` and `.`, so it goes into `Content-Disposition: attachment; filename="…"` as it is.
    var fileName: String
    /// `application/gpx+xml` or `application/vnd.garmin.tcx+xml`.
    var contentType: String
    var bytes: [UInt8]

    /// What a download request came to.
    enum Outcome: Equatable {
        case file(WorkoutDownload)
        /// No such workout or format: 404.
        case notFound
        /// This workout has no such file, and why (409): still recording, or a GPX without positions.
        case refused(WebPage)
    }

    /// The download of workout `id` (the path's text) as `format` (`gpx` or `tcx`, the path's extension).
    static func make(
        id text: String, format name: String, history: any WorkoutHistory, exporter: any WorkoutFileExporter
    ) async throws -> Outcome {
        guard let format = WorkoutFileKind(rawValue: name), let id = WorkoutPath.id(text),
            let workout = try await history.workout(id)
        else { return .notFound }
        if workout.status != .finished {
            return .refused(refusal("This workout is still being recorded: download it once it has finished.", id))
        }
        if format == .gpx, try await !history.hasPositions(id) {
            return .refused(
                refusal(
                    "This workout has no positions (an indoor workout), and GPX needs a position for every point. "
                        + "Download the TCX file instead: it keeps the time, heart rate and distance.", id))
        }
        let bytes = try await exporter.exportedFile(of: id, format: format)
        return .file(
            WorkoutDownload(
                fileName: fileName(of: workout, format: format),
                contentType: format == .gpx ? "application/gpx+xml" : "application/vnd.garmin.tcx+xml", bytes: bytes))
    }

    /// `stayfit-2026-11-27-ride.gpx`: the local day it started and its kind (a kind this hub does not know, or one
    /// with other characters, is `workout`).
    static func fileName(of workout: Workout, format: WorkoutFileKind) -> String {
        let kind = workout.kind.rawValue
        let safeKind =
            !kind.isEmpty && kind.count <= 40
                && kind.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
            ? kind : "workout"
        return "stayfit-\(LocalDay(workout.startedAt))-\(safeKind).\(format.rawValue)"
    }

    private static func refusal(_ text: String, _ id: WorkoutID) -> WebPage {
        WebPage(
            title: "No file",
            body: "<h1>No file</h1>" + HistoryMarkup.paragraph(text)
                + HistoryMarkup.link("Back to the workout", to: WorkoutPath.page(id)))
    }
}
