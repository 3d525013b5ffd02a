import HubCore
import HubStore

// Here, not in HubStore: the writers are this module's, and this module builds on HubStore. The web app asks the
// hub's store for this view as for any other (`context.store((any WorkoutFileExporter).self)`).
extension HubStore: WorkoutFileExporter {
    public func exportedFile(of workout: WorkoutID, format: WorkoutFileKind) async throws -> [UInt8] {
        guard let stored = try await self.workout(workout) else {
            throw WorkoutFileError(file: "workout \(workout)", problem: "there is no such workout")
        }
        let writer = ChunkedFileWriter()
        _ = try await WorkoutExporter.export(
            stored, from: self, format: format == .gpx ? .gpx : .tcx, to: writer)
        try writer.finish()
        return writer.document
    }
}
