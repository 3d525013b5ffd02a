import Foundation
import Testing

/// Every number a person reads or hears beside a noun agrees with it (`Format.counted`): a scan of the hub's source
/// for strings that put a number before a plural noun, as `"\(count) workouts"` (which says "1 workouts") or
/// `String(count) + " steps"`. A line that picks the noun's form itself (`== 1 ?`, `== "1" ?`) passes.
@Suite struct PluralsScanTests {
    /// Plural nouns that follow a count in what the hub writes and says.
    static let nouns = [
        "seconds", "minutes", "hours", "days", "weeks", "months", "years", "workouts", "laps", "pauses", "steps",
        "points", "characters", "bytes", "values", "samples", "signals", "lines", "levels", "arguments", "files",
        "straps", "reminders", "goals", "kilometres", "metres", "miles", "yards", "kilocalories", "columns",
        "notifications", "readings", "beats", "times", "entries", "rows", "clips", "sentences", "words",
    ].joined(separator: "|")

    /// The lines of `text` that put a count before a plural noun without choosing the form: an interpolation, or a
    /// string added to a number, then a plural noun.
    static func offences(in text: String) throws -> [String] {
        let patterns = try [
            #"\\\((?:[^()]|\([^()]*\))*\) (?:\#(nouns))\b"#,
            #"\+ " (?:\#(nouns))\b"#,
        ].map { try NSRegularExpression(pattern: $0) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), !line.contains("== 1 ?"), !line.contains("== \"1\" ?") else { return false }
            let range = NSRange(line.startIndex..., in: line)
            return patterns.contains { $0.firstMatch(in: line, range: range) != nil }
        }
    }

    @Test func noStringInTheHubPutsACountBeforeAPluralNoun() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var scanned = 0
        var found: [String] = []
        for folder in ["Sources", "Plugins"] {
            let files = try #require(FileManager.default.enumerator(atPath: root.appending(path: folder).path))
            for case let file as String in files where file.hasSuffix(".swift") {
                let path = root.appending(path: folder).appending(path: file).path
                let text = try String(contentsOfFile: path, encoding: .utf8)
                scanned += 1
                found += try Self.offences(in: text).map {
                    "\(folder)/\(file): \($0.trimmingCharacters(in: .whitespaces))"
                }
            }
        }
        #expect(scanned > 100, "only \(scanned) source files found under \(root.path)")
        #expect(found.isEmpty, "use Format.counted:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScanFindsWhatSaidOneWorkoutsAndPassesWhatAgrees() throws {
        // Lines from before Format.counted was used everywhere.
        #expect(
            try Self.offences(in: #"if !imported.pauses.isEmpty { notes.append("\(imported.pauses.count) pauses") }"#)
                .count == 1)
        #expect(try Self.offences(in: #"case .steps: Format.fixed(goal.target, decimals: 0) + " steps""#).count == 1)
        #expect(try Self.offences(in: #"detail: "no data for \(interval.components.seconds) seconds"))"#).count == 1)
        #expect(try Self.offences(in: #"notes.append(Format.counted(imported.pauses.count, "pause"))"#).isEmpty)
        #expect(try Self.offences(in: #""Found \(straps.count) strap\(straps.count == 1 ? "" : "s"). ""#).isEmpty)
        #expect(try Self.offences(in: #"// "\(count) workouts" said "1 workouts""#).isEmpty)
    }
}
