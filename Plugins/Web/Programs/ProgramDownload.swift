import Programs
import Records

/// `/programs/{id}.zwo` and `/programs/{id}.toml`: a program as a file to download, as `stayfit programs export`
/// writes it; made in memory, no file on the hub read or written.
struct ProgramDownload: Equatable {
    /// `4-x-4-min-vo2max.zwo`: from the program's name, never from the request; only `a`–`z`, digits, `-` and `.`,
    /// so it goes into `Content-Disposition: attachment; filename="…"` as it is.
    var fileName: String
    /// `application/xml` (Zwift) or `application/toml`.
    var contentType: String
    var bytes: [UInt8]

    /// What a download request came to.
    enum Outcome: Equatable {
        case file(ProgramDownload)
        /// No such program or format: 404.
        case notFound
        /// This program has no such file, and why (409): a strength program, say, has no Zwift form.
        case refused(WebPage)
    }

    /// The download of program `id` (the path's text) as `format` (`zwo` or `toml`, the path's extension).
    static func make(id: String, format: String, store: any ProgramStore) async throws -> Outcome {
        guard format == "zwo" || format == "toml", let stored = try await ProgramLookup.program(id, in: store) else {
            return .notFound
        }
        var text = stored.text
        if format == "zwo" {
            do {
                text = try ProgramLookup.parsed(stored).zwift()
            } catch {
                return .refused(
                    ProgramMarkup.refusal(
                        title: "No Zwift file",
                        "\(error) Download the program file (.toml) instead.",
                        back: ("Back to the program", ProgramLookup.page(stored.id))))
            }
        }
        // As the CLI writes a file: ended by a line break.
        if !text.hasSuffix("\n") { text += "\n" }
        return .file(
            ProgramDownload(
                fileName: fileName(of: stored, format: format),
                contentType: format == "zwo" ? "application/xml" : "application/toml", bytes: Array(text.utf8)))
    }

    /// The name in lower case, each run of other characters one `-`, at most 40 characters; `program-ID` when
    /// nothing is left (a name of other letters than a–z).
    static func fileName(of stored: StoredProgram, format: String) -> String {
        var slug = ""
        for scalar in stored.name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        slug = String(slug.prefix(40))
        while slug.hasSuffix("-") { slug.removeLast() }
        return (slug.isEmpty ? "program-\(stored.id)" : slug) + "." + format
    }
}
