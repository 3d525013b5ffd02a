import HubCore
import Programs
import Records

/// `/programs`: the programs best rated first, then by name (as `stayfit programs list` orders them), hidden
/// built-ins left out, filtered by kind with a GET form (`?kind=ride`); each with its kind, estimated time, rating
/// and votes, and a link to its page.
///
/// ```swift
/// let page = try await ProgramsPage.render(parameters, store: store)
/// ```
enum ProgramsPage {
    static func render(_ parameters: [String: String], store: any ProgramStore) async throws -> WebPage {
        var kind: WorkoutKind?
        var problems: [String] = []
        if let text = QueryValue.value("kind", in: parameters) {
            switch QueryValue.kind(text) {
            case .success(let chosen): kind = chosen
            case .failure(let problem): problems.append(problem.message)
            }
        }
        try await ProgramLookup.prepare(store)
        let programs = try await store.programs(includingHidden: false).filter { kind == nil || $0.kind == kind }
        var body =
            "<h1>Programs</h1>" + form(kind) + ProgramMarkup.problems(problems)
            + "<p class=\"program-links\">" + HistoryMarkup.link("Import a program", to: "/programs/import") + "</p>"
        if programs.isEmpty {
            // The CLI's words: "No ride programs."
            body += HistoryMarkup.paragraph(kind.map { "No \($0.rawValue) programs." } ?? "No programs.")
        } else {
            body += table(programs)
        }
        return WebPage(title: "Programs", body: body)
    }

    private static func form(_ kind: WorkoutKind?) -> String {
        "<form class=\"program-filter\" method=\"get\" action=\"/programs\">"
            + "<label>Kind <select name=\"kind\">\(HistoryMarkup.kindOptions(selected: kind))</select></label>"
            + "<button type=\"submit\">Show</button></form>"
    }

    private static func table(_ programs: [StoredProgram]) -> String {
        var html =
            "<table class=\"programs\"><thead><tr>"
            + ["Program", "Kind", "Est. time", "Rating", "Votes"].map { "<th scope=\"col\">\($0)</th>" }.joined()
            + "</tr></thead><tbody>"
        for stored in programs {
            // A text that no longer reads (a later hub's key) has no time; its page says why.
            let minutes = (try? ProgramLookup.parsed(stored)).map(ProgramFigures.estimatedMinutes)
            let cells = [
                stored.kind.name, minutes.map(ProgramFigures.listedTime) ?? "?", ProgramFigures.rating(stored),
                ProgramFigures.votes(stored),
            ]
            html +=
                "<tr><td>" + HistoryMarkup.link(stored.name, to: ProgramLookup.page(stored.id))
                + (stored.builtIn ? " <span class=\"origin\">built-in</span>" : "") + "</td>"
                + cells.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table>"
    }
}
