import Foundation
import Programs
import Records

/// `/programs/import`: a program file (`.toml`) or a Zwift workout (`.zwo`) uploaded and stored, as `stayfit
/// programs import` stores it: the same reading, the same messages, nothing stored on a refusal.
///
/// The file's name tells the format and names the file in messages (escaped); it never becomes a path: the bytes
/// are read in memory and only the program's text is stored.
enum ProgramImportPage {
    /// The upload form, with the messages of a refused file above it.
    static func form(csrfToken: String, problems: [String] = []) -> WebPage {
        let body =
            "<h1>Import a program</h1>" + ProgramMarkup.problems(problems)
            + HistoryMarkup.paragraph(
                "A program file (.toml) or a Zwift workout (.zwo). It is checked first; a file with a mistake is "
                    + "not stored, and the message says where the mistake is.")
            // upload.js sends the file's bytes with the session's token in a header; the page needs it.
            + "<noscript><p>Importing needs JavaScript in the browser; or use stayfit programs import FILE on the "
            + "hub.</p></noscript>"
            + "<form class=\"program-import\" method=\"post\" action=\"/programs/import\">"
            + "<label for=\"program-file\">File</label>"
            + "<input id=\"program-file\" type=\"file\" name=\"file\" accept=\".zwo,.toml\" required>"
            + "<button type=\"submit\">Import</button></form>"
            + "<p class=\"program-links\">" + HistoryMarkup.link("All programs", to: "/programs") + "</p>"
        return WebPage(title: "Import a program", body: body)
    }

    /// `POST /programs/import`: the uploaded file's name and bytes (the server has parsed the multipart body and
    /// capped it at 5 MB); the new program's page, or the form again with the CLI's message.
    static func upload(
        fileName: String, bytes: [UInt8], store: any ProgramStore, csrfToken: String, at date: Date = Date()
    ) async throws -> ProgramOutcome {
        guard !bytes.isEmpty || !fileName.isEmpty else {
            return .invalid(form(csrfToken: csrfToken, problems: ["No file was chosen: choose a .toml or .zwo file."]))
        }
        // The CLI names the file by its path; here the name is the browser's, which is all there is.
        let file = fileName.isEmpty ? "the file" : fileName
        let imported: ProgramImport
        do {
            imported = try ProgramImport(text: try ProgramImport.text(of: Data(bytes), file: file), file: file)
        } catch {
            return .invalid(form(csrfToken: csrfToken, problems: ["\(error) Nothing was imported."]))
        }
        try await ProgramLookup.prepare(store)
        let stored = try await store.addProgram(
            name: imported.program.name, kind: imported.program.kind, text: imported.storedText, copiedFrom: nil,
            at: date)
        return .redirect(to: ProgramLookup.page(stored.id))
    }
}
