import Foundation
import HubCore
import Reports

/// `/workouts/{id}/{picture}.svg`: the pictures of a workout the hub draws, by name. A name not listed here is no
/// picture (the route answers 404): the name picks a case, never a file.
enum WorkoutPicture: String, CaseIterable {
    /// What `stayfit workouts show --svg` draws: heart rate, pace or speed, elevation, power and cadence over the
    /// workout's time, and the route when it has one.
    case charts

    /// The text a person hears or reads in place of the picture.
    func alt(_ workout: Workout) -> String {
        switch self {
        case .charts:
            "Heart rate, \(workout.kind.movement == .wheels ? "speed" : "pace or speed") and elevation over the "
                + "workout's time" + (workout.kind.isOutdoors ? ", and its route" : "")
        }
    }

    /// The SVG text of picture `name` of workout `id`; nil for an unknown name or workout, or one without seconds.
    static func svg(
        id text: String, picture name: String, history: any WorkoutHistory, units: UnitSystem, now: Date = Date()
    )
        async throws -> String?
    {
        guard let picture = WorkoutPicture(rawValue: name), let id = WorkoutPath.id(text),
            let workout = try await history.workout(id)
        else { return nil }
        let samples = try await history.samples(of: id)
        guard !samples.isEmpty else { return nil }
        switch picture {
        case .charts:
            let zones = HeartRateZones(ageYears: try await history.profile()?.ageYears(on: now))
            return WorkoutPage(
                workout: workout, samples: samples, zones: zones, units: units,
                elevationMeters: samples.map(\.altitudeMeters), programSteps: try await history.programSteps(of: id)
            ).svg()
        }
    }
}
