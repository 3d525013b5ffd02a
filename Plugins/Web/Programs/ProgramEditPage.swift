import Foundation
import Programs
import Records

/// `/programs/{id}/edit`: a personal program's file (TOML) in a text box, saved with `POST` after the same check
/// as `stayfit programs edit` (`Program(toml:file:)`); a refusal shows the CLI's message (file, line, step, key and
/// the fix) above the form, with the text as it was sent. A built-in program is copied first, never edited.
enum ProgramEditPage {
    /// The form's field with the program's text.
    static let textField = "program"

    /// The editor, or nil when `id` names no program (404); for a built-in, the page saying to copy it first.
    static func render(id: String, store: any ProgramStore, csrfToken: String) async throws -> WebPage? {
        guard let stored = try await ProgramLookup.program(id, in: store) else { return nil }
        if stored.builtIn { return builtInRefusal(stored, csrfToken: csrfToken) }
        return editor(stored, text: stored.text, problems: [], csrfToken: csrfToken)
    }

    /// `POST /programs/{id}/edit` with the `program` field: saved when it reads, as `stayfit programs edit` saves
    /// it, then the program's page; unchanged text is not written again.
    static func save(
        id: String, fields: [String: String], store: any ProgramStore, csrfToken: String, at date: Date = Date()
    ) async throws -> ProgramOutcome {
        guard let stored = try await ProgramLookup.program(id, in: store) else { return .notFound }
        if stored.builtIn { return .refused(builtInRefusal(stored, csrfToken: csrfToken)) }
        // A browser sends a text box's lines ended by CR LF; the file the CLI's editor saves has LF alone.
        let text = (fields[textField] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        let program: Program
        do {
            program = try Program(toml: text, file: "program \(stored.id)")
        } catch {
            return .invalid(editor(stored, text: text, problems: ["\(error)"], csrfToken: csrfToken))
        }
        if text != stored.text {
            try await store.updateProgram(id: stored.id, name: program.name, kind: program.kind, text: text, at: date)
        }
        return .redirect(to: ProgramLookup.page(stored.id))
    }

    private static func editor(_ stored: StoredProgram, text: String, problems: [String], csrfToken: String)
        -> WebPage
    {
        let page = ProgramLookup.page(stored.id)
        // The newline after <textarea> is dropped by the browser: without it, a text's own first blank line would be.
        let body =
            "<h1>Edit \(HTMLText.escape(stored.name))</h1>" + ProgramMarkup.problems(problems)
            + "<form class=\"program-editor\" method=\"post\" action=\"\(page)/edit\">"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLText.escape(csrfToken))\">"
            + "<label for=\"program-text\">The program file (TOML)</label>"
            + "<textarea id=\"program-text\" name=\"\(textField)\" rows=\"24\" spellcheck=\"false\">\n"
            + HTMLText.escape(text) + "</textarea>"
            + "<button type=\"submit\">Save</button> " + HistoryMarkup.link("Cancel", to: page) + "</form>"
            + HistoryMarkup.paragraph(
                "The format, with every key, is in Sources/Programs/README.md of the hub's source.", className: "note")
        return WebPage(title: "Edit \(stored.name)", body: body)
    }

    /// The CLI's refusal, with a button that makes the copy.
    private static func builtInRefusal(_ stored: StoredProgram, csrfToken: String) -> WebPage {
        let page = ProgramLookup.page(stored.id)
        return WebPage(
            title: "Not editable",
            body: "<h1>Not editable</h1>"
                + ProgramMarkup.problems([
                    "\(stored.id) is a built-in program, which cannot be edited; copy it first, then edit the copy."
                ])
                + ProgramMarkup.form(action: page + "/copy", csrfToken: csrfToken, buttons: [("Copy it", nil)])
                + HistoryMarkup.link("Back to the program", to: page))
    }
}
