import HubCore
import Programs
import Records

/// `/programs/{id}`: a program's steps in plain words (as `stayfit programs show` prints them), its time, rating
/// and votes, and what can be done with it: vote up or down, copy, start, edit (a personal one), download.
enum ProgramPage {
    /// The page, or nil when `id` names no program (404).
    ///
    /// - Parameter profile: its FTP turns a share of FTP into watts, as `show` does.
    static func render(id: String, store: any ProgramStore, profile: any ProfileSource, csrfToken: String)
        async throws -> WebPage?
    {
        guard let stored = try await ProgramLookup.program(id, in: store) else { return nil }
        let program: Program
        do {
            program = try ProgramLookup.parsed(stored)
        } catch {
            // Written by a later hub, say: the page says why rather than failing, and the votes still work.
            return WebPage(
                title: stored.name,
                body: "<h1>\(HTMLText.escape(stored.name))</h1>" + ProgramMarkup.problems(["\(error)"])
                    + actions(stored, program: nil, csrfToken: csrfToken))
        }
        let ftp = try await profile.profile()?.ftpWatts
        let summary = [
            program.kind.name, ProgramFigures.about(program.estimatedDuration),
            stored.builtIn ? "built-in" : "personal",
            "rated \(ProgramFigures.rating(stored)) (\(ProgramFigures.votes(stored)))",
        ].joined(separator: ", ")
        var body = "<h1>\(HTMLText.escape(program.name))</h1>" + HistoryMarkup.paragraph(summary, className: "summary")
        if let instructions = program.instructions {
            body += HistoryMarkup.paragraph(instructions, className: "instructions")
        }
        body += "<h2>Steps</h2>" + steps(program.steps, ftpWatts: ftp)
        body += actions(stored, program: program, csrfToken: csrfToken)
        return WebPage(title: program.name, body: body)
    }

    /// The steps as nested lists, each line in `ProgramStepLines`' words; a repeat's steps in a list under it.
    static func steps(_ steps: [ProgramStep], ftpWatts: Int?) -> String {
        "<ul class=\"steps\">"
            + steps.map { step in
                if case .repeat(let count, let inner) = step {
                    // The repeat's own line alone ("8 times:"), its steps in the list below.
                    let line = ProgramStepLines.lines([.repeat(count: count, steps: [])], ftpWatts: ftpWatts)
                    return "<li>\(HTMLText.escape(line.joined()))" + Self.steps(inner, ftpWatts: ftpWatts) + "</li>"
                }
                return "<li>" + ProgramStepLines.lines([step], ftpWatts: ftpWatts).map(HTMLText.escape).joined()
                    + "</li>"
            }.joined() + "</ul>"
    }

    private static func actions(_ stored: StoredProgram, program: Program?, csrfToken: String) -> String {
        let page = ProgramLookup.page(stored.id)
        var html =
            "<div class=\"program-actions\">"
            + ProgramMarkup.form(
                action: page + "/vote", csrfToken: csrfToken,
                buttons: [("Vote up", ("direction", "up")), ("Vote down", ("direction", "down"))])
        if program != nil {
            html +=
                ProgramMarkup.form(action: page + "/start", csrfToken: csrfToken, buttons: [("Start it", nil)])
                + ProgramMarkup.form(action: page + "/copy", csrfToken: csrfToken, buttons: [("Copy", nil)])
        }
        html += "</div>"
        var links: [String] = []
        if stored.builtIn {
            html += HistoryMarkup.paragraph("A built-in program is not edited: copy it first, then edit the copy.")
        } else {
            links.append(HistoryMarkup.link("Edit", to: page + "/edit"))
        }
        if let program, (try? program.zwift()) != nil {
            links.append(HistoryMarkup.link("Download for Zwift (.zwo)", to: page + ".zwo"))
        }
        links.append(HistoryMarkup.link("Download the program file (.toml)", to: page + ".toml"))
        links.append(HistoryMarkup.link("All programs", to: "/programs"))
        return html + "<p class=\"program-links\">" + links.joined(separator: " ") + "</p>"
    }
}
