import Foundation
import HubCore
import Reports

/// `/workouts/{id}/delete`: the question before a workout is deleted (GET), and the deleting (POST, with the form's
/// `csrf` field, which the server checks before it calls ``delete(id:history:)``).
enum DeleteWorkoutPage {
    /// What a POST to delete came to.
    enum Outcome: Equatable {
        /// Deleted: the route redirects to `/history` (303).
        case deleted
        /// No such workout: 404.
        case notFound
        /// Not deleted, and why: the workout is still being recorded (409).
        case refused(WebPage)
    }

    /// "Delete the ride of 27 November, 42:10, 18.3 km? This cannot be undone." with the POST form; nil when `id`
    /// names no workout.
    static func confirmation(
        id text: String, history: any WorkoutHistory, units: UnitSystem, csrfToken: String,
        today: LocalDay = LocalDay(Date())
    ) async throws -> WebPage? {
        guard let id = WorkoutPath.id(text), let workout = try await history.workout(id) else { return nil }
        guard workout.status == .finished else { return refusal(workout) }
        let question = "Delete \(description(workout, units: units, today: today))? This cannot be undone."
        let body =
            "<h1>Delete a workout</h1>" + HistoryMarkup.paragraph(question)
            + "<form class=\"danger\" method=\"post\" action=\"\(WorkoutPath.page(id))/delete\">"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLText.escape(csrfToken))\">"
            + "<button type=\"submit\">Delete</button> "
            + HistoryMarkup.link("Keep it", to: WorkoutPath.page(id)) + "</form>"
        return WebPage(title: "Delete a workout", body: body)
    }

    /// Deletes the workout `id` names, if it has finished: the one being recorded is the hub's live workout.
    static func delete(id text: String, history: any WorkoutHistory) async throws -> Outcome {
        guard let id = WorkoutPath.id(text), let workout = try await history.workout(id) else { return .notFound }
        guard workout.status == .finished else { return .refused(refusal(workout)) }
        try await history.deleteWorkout(id)
        return .deleted
    }

    /// "the ride of 27 November, 42:10, 18.30 km": the distance only where one was measured.
    static func description(_ workout: Workout, units: UnitSystem, today: LocalDay) -> String {
        var parts = [
            "the \(KindWords.one(workout.kind)) of \(PlainDate.day(LocalDay(workout.startedAt), today: today))",
            Format.clock(seconds: workout.totals.movingSeconds),
        ]
        if workout.totals.distanceMeters > 0 { parts.append(units.distance(meters: workout.totals.distanceMeters)) }
        return parts.joined(separator: ", ")
    }

    private static func refusal(_ workout: Workout) -> WebPage {
        WebPage(
            title: "Not deleted",
            body: "<h1>Not deleted</h1>"
                + HistoryMarkup.paragraph(
                    "This workout is still being recorded. Stop it first, then delete it from its page.")
                + HistoryMarkup.link("Back to the workout", to: WorkoutPath.page(workout.id)))
    }
}
