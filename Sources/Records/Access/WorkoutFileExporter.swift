/// Where a finished workout is written as a GPX or TCX document for a download, whole, in memory.
///
/// `HubStore` conforms in the WorkoutFiles module, whose writers it uses (WorkoutFiles builds on HubStore, so the
/// store itself cannot name them): a hub that links WorkoutFiles, as `stayfit` does, has the conformance.
///
/// ```swift
/// let exporter = try context.store((any WorkoutFileExporter).self)
/// let gpx = try await exporter.exportedFile(of: 7, format: .gpx)
/// ```
public protocol WorkoutFileExporter: Sendable {
    /// The document of `workout` in `format`, as `stayfit workouts export` writes it.
    ///
    /// - Throws: the exporter's error when the store cannot be read; the caller checks beforehand that the
    ///   workout exists, has finished, and has positions for a GPX.
    func exportedFile(of workout: WorkoutID, format: WorkoutFileKind) async throws -> [UInt8]
}

/// The formats a workout is downloaded in.
public enum WorkoutFileKind: String, Sendable, CaseIterable {
    /// GPX 1.1: the path, with heart rate and cadence; needs a position for every point.
    case gpx
    /// Garmin's TCX: laps, calories and distance too; the one for indoor workouts.
    case tcx
}
