import Foundation
import HubCore
import Records

/// `/people`: the household, who works out next (POST `/people/choose`, as the console's `person Sam` and `stayfit
/// people use`), and adding a person (POST `/people/add`, as `stayfit people add NAME`).
///
/// ```swift
/// let page = try await PeoplePage.render(roster: store, csrfToken: token)
/// let outcome = try await PeoplePage.choose(form, roster: store, bus: bus, csrfToken: token)
/// ```
enum PeoplePage {
    /// The people, the current one marked "working out next", a button to choose each other one, and the form to
    /// add someone (`problem` above it, and `typed` in it, after a name was refused).
    static func render(roster: any PeopleRoster, csrfToken: String, problem: String? = nil, typed: String = "")
        async throws -> WebPage
    {
        let people = try await roster.people()
        let next = try await roster.nextPersonName()
        var body = "<h1>People</h1>"
        if people.isEmpty {
            body += HistoryMarkup.paragraph(
                "Nobody trains on this hub yet. Add the first person below.", className: "empty")
        } else {
            body += "<ul class=\"people\">"
            for person in people {
                body += "<li><span class=\"name\">\(HTMLText.escape(person.name))</span>"
                // While someone trains, their workout stays theirs to the end: the one chosen works out next.
                if person.name == next {
                    body += " <strong class=\"next\">working out next</strong>"
                } else {
                    if person.isCurrent { body += " <strong class=\"now\">working out now</strong>" }
                    body +=
                        PeopleMarkup.postForm("/people/choose", csrfToken: csrfToken, className: "choose")
                        + PeopleMarkup.hidden("name", person.name)
                        + "<button type=\"submit\">Works out next</button></form>"
                }
                body += "</li>"
            }
            body += "</ul>"
        }
        body +=
            "<h2>Add a person</h2>" + PeopleMarkup.problem(problem)
            + PeopleMarkup.postForm("/people/add", csrfToken: csrfToken, className: "add")
            + "<label>Name <input type=\"text\" name=\"name\" autocomplete=\"off\" value=\"\(HTMLText.escape(typed))\">"
            + "</label><button type=\"submit\">Add</button></form>"
            + PeopleMarkup.links([("Today", "/today"), ("Add food", "/food"), ("Weight", "/weight")])
        return WebPage(title: "People", body: body)
    }

    /// Makes the person the form's `name` names the current one, as `stayfit people use` stores it, and tells the
    /// running hub with the console's `ChoosePerson` (the people plugin says "Hello Sam." and "status now" names
    /// them).
    ///
    /// Stored here as well as by the plugin: a hub with the people plugin switched off still records for them, as
    /// after `stayfit people use`.
    static func choose(_ form: [String: String], roster: any PeopleRoster, bus: MessageBus, csrfToken: String)
        async throws -> FormOutcome
    {
        let name = form["name"] ?? ""
        let chosen: Person
        do {
            chosen = try await roster.setCurrentPerson(named: name)
        } catch let error as any StoreWriteError {
            guard let refusal = error.refusal else { throw error }
            return .invalid(try await render(roster: roster, csrfToken: csrfToken, problem: refusal))
        }
        bus.publish(ChoosePerson(.named(chosen.name)))
        return .redirect(to: "/people")
    }

    /// Adds a person called the form's `name`, as `stayfit people add NAME` does: the store checks the name (empty,
    /// too long, control characters, another person's in any case) and writes nothing when it refuses.
    static func add(_ form: [String: String], roster: any PeopleRoster, csrfToken: String, now: Date = Date())
        async throws -> FormOutcome
    {
        let name = form["name"] ?? ""
        do {
            _ = try await roster.addPerson(named: name, profile: nil, at: now)
        } catch let error as any StoreWriteError {
            guard let refusal = error.refusal else { throw error }
            // A name of 10,000 characters is not worth sending back to a phone.
            let typed = name.count <= 200 ? name : ""
            return .invalid(try await render(roster: roster, csrfToken: csrfToken, problem: refusal, typed: typed))
        }
        return .redirect(to: "/people")
    }
}
