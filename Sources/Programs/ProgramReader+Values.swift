import Foundation
import HubCore

extension ProgramReader {
    /// A required name: not empty, at most ``Program/Limits/longestName`` characters.
    func name(_ key: String, in table: FieldTable, what: String, example: String) throws(ProgramError) -> String {
        guard let name = try table.string(key, example: example) else {
            throw table.error(
                .missing, key, problem: "\(what) has no name", fix: "Give it one: \(key) = \(example).")
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw table.error(
                .missing, key, problem: "\(what) has an empty name", fix: "Give it one: \(key) = \(example).")
        }
        let length = name.count
        guard length <= Program.Limits.longestName else {
            throw table.error(
                .tooLarge, key,
                problem: "the name is \(Format.counted(length, "character")) long (\(ProgramText.quoted(name)))",
                fix:
                    "Shorten it to at most \(Format.counted(Program.Limits.longestName, "character")); put the rest in instructions."
            )
        }
        guard !name.contains("\n") else {
            throw table.error(
                .invalidValue, key, problem: "the name has a line break", fix: "Write the name on one line.")
        }
        return name
    }

    /// Optional free text, such as instructions: nil when absent or empty.
    func text(_ key: String, in table: FieldTable) throws(ProgramError) -> String? {
        guard let text = try table.string(key, example: "\"…\""), !text.isEmpty else { return nil }
        return text
    }

    /// An optional whole number within `range`.
    func whole(_ key: String, in table: FieldTable, range: ClosedRange<Int>, unit: String, example: String)
        throws(ProgramError) -> Int?
    {
        guard let number = try table.int(key, example: example) else { return nil }
        guard range.contains(number) else {
            throw table.error(
                .invalidValue, key, problem: "\(number) \(unit) is out of range",
                fix: "Write from \(range.lowerBound) to \(range.upperBound), e.g. \(key) = \(example).")
        }
        return number
    }

    /// An optional time in quotes: "1:30", "1:02:03", "45 s", "5 min".
    func time(_ key: String, in table: FieldTable, allowZero: Bool) throws(ProgramError) -> Duration? {
        let fix = "Write minutes and seconds in quotes, e.g. \(key) = \"1:30\", or seconds, e.g. \(key) = \"45 s\"."
        guard let value = table.values[key] else { return nil }
        guard case .string(let text) = value else {
            throw table.error(
                .wrongType, key,
                problem: "expected a time in quotes, found \(value.typeName) (\(value.programLiteral))",
                fix: fix)
        }
        if text.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
            throw table.error(
                .invalidValue, key, problem: "\(ProgramText.quoted(text)) is negative, and a time cannot be", fix: fix)
        }
        guard let seconds = ProgramText.seconds(text) else {
            throw table.error(.invalidValue, key, problem: "\(ProgramText.quoted(text)) is not a time", fix: fix)
        }
        guard seconds > 0 || allowZero else {
            throw table.error(
                .invalidValue, key, problem: "a time of \(ProgramText.quoted(text)) is no time at all",
                fix: "Give it a time longer than 0, e.g. \(key) = \"0:30\".")
        }
        guard Duration.seconds(seconds) <= Program.Limits.longestTime else {
            throw table.error(
                .invalidValue, key, problem: "\(ProgramText.quoted(text)) is longer than 24 hours",
                fix: "Check the time: \"1:30\" is a minute and a half, \"1:30:00\" an hour and a half.")
        }
        return .seconds(seconds)
    }

    /// An optional distance in quotes: "400 m", "5 km".
    func distance(_ key: String, in table: FieldTable) throws(ProgramError) -> Int? {
        let fix = "Write metres or kilometres in quotes, e.g. \(key) = \"400 m\" or \(key) = \"5 km\"."
        guard let value = table.values[key] else { return nil }
        guard case .string(let text) = value else {
            throw table.error(
                .wrongType, key,
                problem: "expected a distance in quotes, found \(value.typeName) (\(value.programLiteral))",
                fix: fix)
        }
        guard let meters = ProgramText.meters(text) else {
            throw table.error(.invalidValue, key, problem: "\(ProgramText.quoted(text)) is not a distance", fix: fix)
        }
        guard meters >= 1, meters <= Program.Limits.longestDistanceMeters else {
            throw table.error(
                .invalidValue, key, problem: "\(ProgramText.quoted(text)) is not a distance to cover",
                fix: "Give a distance from 1 m to 1000 km.")
        }
        return meters
    }

    /// The messages of an interval, each at a time from its start: `messages = [{ at = "0:30", text = "…" }]`.
    func messages(in table: FieldTable) throws(ProgramError) -> [Interval.Message] {
        let example = "messages = [{ at = \"0:30\", text = \"Spin up\" }]"
        guard let tables = try table.tables("messages", example: example, step: { _ in nil }) else { return [] }
        var messages: [Interval.Message] = []
        for message in tables {
            try message.rejectUnknownKeys(known: ["at", "text"], in: "a message")
            guard let offset = try self.time("at", in: message, allowZero: true) else {
                throw message.error(
                    .missing, "at", problem: "the message says not when", fix: "Add at = \"0:30\", from the start.")
            }
            guard let text = try self.text("text", in: message) else {
                throw message.error(.missing, "text", problem: "the message is empty", fix: "Add text = \"…\".")
            }
            messages.append(Interval.Message(offset: offset, text: text))
        }
        return messages
    }
}
