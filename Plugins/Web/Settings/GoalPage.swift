import Foundation
import HubCore

/// `/settings/goal`: the goal of every workout and its auto-stop, changed (POST) as `stayfit goals` changes them.
///
/// One POST, its `action` the command's: `set` (with `kind` and `value`, as `stayfit goals set distance 5km`),
/// `clear`, `enable` and `disable` (the auto-stop).
enum GoalPage {
    static func render(
        goals: any GoalBook, csrfToken: String, problem: String? = nil, typed: [String: String] = [:]
    ) async throws -> WebPage {
        let goal = try await goals.activeGoal()
        let stops = try await goals.goalAutoStop()
        var body = "<h1>Goal</h1>"
        if let goal {
            let autoStop =
                stops
                ? "Auto-stop: on (the workout stops and is saved when the goal is reached)."
                : "Auto-stop: off (progress is shown, the workout goes on)."
            body +=
                HistoryMarkup.paragraph("Goal: \(GoalInput.describe(goal)).", className: "goal")
                + HistoryMarkup.paragraph(autoStop, className: "auto-stop")
        } else {
            body += HistoryMarkup.paragraph("No goal set.", className: "goal")
        }
        body += PeopleMarkup.problem(problem) + setForm(csrfToken: csrfToken, kind: goal?.kind, typed: typed)
        if goal != nil {
            body +=
                actionForm(
                    stops ? "disable" : "enable", csrfToken: csrfToken,
                    button: stops ? "Turn auto-stop off" : "Turn auto-stop on")
                + actionForm("clear", csrfToken: csrfToken, button: "Remove the goal", className: "remove")
        }
        body += PeopleMarkup.links([("Settings", "/settings"), ("Profile", "/settings/profile")])
        return WebPage(title: "Goal", body: body)
    }

    /// Does what the form's `action` says, with `stayfit goals`'s parsing (``GoalInput``), store calls and words;
    /// the running hub is told (`StoreChanged(section: .goals)`), as the store watcher tells it of the CLI's change,
    /// and uses the goal for the workout under way too. Refused, the page again with the command line's words and
    /// nothing written.
    static func change(
        _ form: [String: String], goals: any GoalBook, bus: MessageBus, csrfToken: String, now: Date = Date()
    ) async throws -> FormOutcome {
        func refused(_ problem: String) async throws -> FormOutcome {
            .invalid(try await render(goals: goals, csrfToken: csrfToken, problem: problem, typed: form))
        }
        switch form["action"] ?? "" {
        case "set":
            guard let kindText = form["kind"], let value = form["value"] else {
                return try await refused(GoalInputError.emptyFieldsMessage + ".")
            }
            guard let kind = GoalKind(rawValue: kindText.lowercased()) else {
                return try await refused(
                    "\"\(Format.printable(kindText, limit: 20))\" is not a kind of goal; choose distance, duration, "
                        + "steps or kcal.")
            }
            do {
                try await goals.setActiveGoal(try GoalInput.parse(kind: kind, value: value), at: now)
            } catch let error as GoalInputError {
                return try await refused("\(error).")
            }
        case "clear":
            try await goals.setActiveGoal(nil, at: now)
        case "enable":
            guard try await goals.setGoalAutoStop(true), try await goals.activeGoal() != nil else {
                return try await refused(GoalInput.selectGoalTypeMessage + ".")
            }
        case "disable":
            try await goals.setGoalAutoStop(false)
        default:
            return try await refused("Set the goal, remove it, or turn its auto-stop on or off.")
        }
        bus.publish(StoreChanged(section: .goals))
        return .redirect(to: "/settings/goal")
    }

    // MARK: - Forms

    private static func setForm(csrfToken: String, kind: GoalKind?, typed: [String: String]) -> String {
        let chosen = typed["kind"]?.lowercased() ?? kind?.rawValue ?? GoalKind.distance.rawValue
        let options = GoalKind.allCases.map { kind in
            "<option value=\"\(kind.rawValue)\"\(kind.rawValue == chosen ? " selected" : "")>"
                + "\(HTMLText.escape(words(for: kind)))</option>"
        }
        // What was typed comes back when short enough to be worth it, without control characters.
        let value = (typed["value"] ?? "").unicodeScalars.filter { $0.properties.generalCategory != .control }
        return PeopleMarkup.postForm("/settings/goal", csrfToken: csrfToken, className: "goal")
            + PeopleMarkup.hidden("action", "set")
            + "<label>Kind <select name=\"kind\">\(options.joined())</select></label>"
            + "<label>Target <input type=\"text\" name=\"value\" autocomplete=\"off\" placeholder=\"5km, 45min, 8000\" "
            + "value=\"\(HTMLText.escape(value.count <= 200 ? String(value) : ""))\"></label>"
            + "<button type=\"submit\">Set the goal</button></form>"
    }

    private static func actionForm(_ action: String, csrfToken: String, button: String, className: String = "action")
        -> String
    {
        PeopleMarkup.postForm("/settings/goal", csrfToken: csrfToken, className: className)
            + PeopleMarkup.hidden("action", action)
            + "<button type=\"submit\">\(HTMLText.escape(button))</button></form>"
    }

    private static func words(for kind: GoalKind) -> String {
        switch kind {
        case .distance: "Distance (km, or m)"
        case .duration: "Duration (min, h or s)"
        case .steps: "Steps"
        case .kcal: "Energy (kcal)"
        }
    }
}
