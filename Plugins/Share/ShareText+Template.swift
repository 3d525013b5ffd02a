import Foundation
import HubCore

extension ShareText {
    /// What a template's placeholders stand for: figures, each nil when nothing measured it, and text that is
    /// there or not by choice (the hashtag, the location, the comparison with the period before).
    struct Placeholders: Sendable {
        /// The figures that meet the template's words; nil for one that was not measured.
        var figures: [String: String?]
        /// Text put in as it is; "" leaves nothing in its place, and the clause around it stays.
        var optional: [String: String] = [:]

        init(_ figures: [String: String?]) { self.figures = figures }

        /// Whether `name` is a figure that was not measured.
        func isUnmeasured(_ name: String) -> Bool { figures[name] == .some(nil) }

        /// What `name` is replaced with, or nil for a figure not measured or a name not known.
        func text(_ name: String) -> String? { figures[name] ?? optional[name] }
    }

    /// Fills in a share template, leaving out what was not measured together with the words that say it.
    ///
    /// The template is read as sentences (ending at `.`, `!` or `?` before a space or the end), each of clauses
    /// (separated by `,` or `;` before a space), with asides in parentheses:
    /// - an aside with a figure not measured is left out: "({pace})" indoors;
    /// - a clause whose figures were none of them measured is left out with its comma: "avg HR {avg-hr}" without
    ///   a strap, "{steps}" without a step counter;
    /// - in a clause that says other figures too, the missing one is left out with the word that joins it:
    ///   "{distance} in {time}" indoors is "30:00";
    /// - a sentence left without clauses is left out whole, full stop and all.
    enum Template {
        /// The words that join a figure to the next or the one before: left out with a figure not measured.
        static let joiningWords = ["in", "at", "and", "of", "with", "over", "vs"]

        static func fill(_ template: String, _ values: Placeholders) -> String {
            sentences(of: template).map { sentence in
                let kept = clauses(of: sentence.body).compactMap { clause in
                    self.clause(clause.text, values).map { (text: $0, separator: clause.separator) }
                }
                guard !kept.isEmpty else { return "" }
                // A comma or full stop follows its word without a space, whatever was left out before it.
                let body = kept.enumerated().map { offset, clause in
                    trimmingTrailingSpace(clause.text) + (offset < kept.count - 1 ? clause.separator : "")
                }
                return body.joined() + sentence.terminator
            }.joined()
        }

        private static func trimmingTrailingSpace(_ text: String) -> String {
            String(text.reversed().drop(while: \.isWhitespace).reversed())
        }

        /// `clause` filled in, or nil when it says only what was not measured.
        private static func clause(_ clause: String, _ values: Placeholders) -> String? {
            var text = withoutAsides(clause, values)
            let names = ShareTemplates.placeholders(in: text)
            let missing = names.filter(values.isUnmeasured)
            if !missing.isEmpty {
                guard names.contains(where: { !values.isUnmeasured($0) && values.text($0)?.isEmpty == false })
                else { return nil }
                for name in missing { text = removing(name, from: text) }
            }
            for name in Set(ShareTemplates.placeholders(in: text)) {
                if let value = values.text(name) { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
            }
            return text
        }

        /// `clause` without its asides in parentheses that hold a figure not measured.
        private static func withoutAsides(_ clause: String, _ values: Placeholders) -> String {
            var text = clause
            var searchFrom = text.startIndex
            while let open = text[searchFrom...].firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
                let aside = text[open...close]
                if ShareTemplates.placeholders(in: String(aside)).contains(where: values.isUnmeasured) {
                    let offset = text.distance(from: text.startIndex, to: open)
                    text.removeSubrange(open...close)
                    searchFrom = text.index(text.startIndex, offsetBy: offset)
                } else {
                    searchFrom = text.index(after: close)
                }
            }
            return text
        }

        /// `text` without `{name}` and the word that joins it to the rest.
        private static func removing(_ name: String, from text: String) -> String {
            let placeholder = NSRegularExpression.escapedPattern(for: "{\(name)}")
            let words = "(?:" + joiningWords.joined(separator: "|") + ")"
            for pattern in ["\(placeholder)\\s+\(words)\\s+", "\\s+\(words)\\s+\(placeholder)", placeholder] {
                guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
                let range = NSRange(text.startIndex..., in: text)
                if expression.firstMatch(in: text, range: range) != nil {
                    return expression.stringByReplacingMatches(in: text, range: range, withTemplate: "")
                }
            }
            return text.replacingOccurrences(of: "{\(name)}", with: "")
        }

        /// The sentences of `template`, each with its full stop (or `!`, `?`; "" for the last without one).
        private static func sentences(of template: String) -> [(body: String, terminator: String)] {
            var sentences: [(body: String, terminator: String)] = []
            var body = ""
            let characters = Array(template)
            for (offset, character) in characters.enumerated() {
                let next = offset + 1 < characters.count ? characters[offset + 1] : nil
                if ".!?".contains(character), next?.isWhitespace ?? true {
                    sentences.append((body, String(character)))
                    body = ""
                } else {
                    body.append(character)
                }
            }
            if !body.isEmpty { sentences.append((body, "")) }
            return sentences
        }

        /// The clauses of `sentence`, each with the comma or semicolon after it ("" for the last); a comma inside
        /// parentheses belongs to its aside.
        private static func clauses(of sentence: String) -> [(text: String, separator: String)] {
            var clauses: [(text: String, separator: String)] = []
            var text = ""
            var depth = 0
            let characters = Array(sentence)
            for (offset, character) in characters.enumerated() {
                if character == "(" { depth += 1 }
                if character == ")" { depth = max(0, depth - 1) }
                let next = offset + 1 < characters.count ? characters[offset + 1] : nil
                if depth == 0, ",;".contains(character), next?.isWhitespace ?? true {
                    clauses.append((text, String(character)))
                    text = ""
                } else {
                    text.append(character)
                }
            }
            clauses.append((text, ""))
            return clauses
        }
    }
}
