import Foundation
import HubCore
import HubStore
import WorkoutFiles

extension WorkoutImporter {
    /// The workout `stayfit workouts import` makes of `activity`: the recorder's own distance when the file
    /// carries one (``RecordedActivity/distanceSource``), else the positions through a ``RecordedTrackFilter``.
    public static func workoutAsImported(
        from activity: RecordedActivity, person: Calories.Person = .unknown
    ) -> ImportedWorkout {
        activity.keepsOwnDistance
            ? workout(from: activity, person: person)
            : workout(from: activity, person: person, filter: RecordedTrackFilter(for: activity))
    }

    /// Stores `activity` as `stayfit workouts import` does (see ``workoutAsImported(from:person:)``), each second
    /// as it is made.
    public static func storeAsImported(
        _ activity: RecordedActivity, person: Calories.Person = .unknown, in store: HubStore
    ) async throws -> (id: WorkoutID, workout: ImportedWorkout) {
        activity.keepsOwnDistance
            ? try await self.store(activity, person: person, in: store)
            : try await self.store(activity, person: person, filter: RecordedTrackFilter(for: activity), in: store)
    }
}
