import HubCore

/// One table of a program file — the program, a step, a target — read key by key with types. Errors name the file,
/// the line, the step and the key.
struct FieldTable {
    let values: [String: ConfigValue]
    /// Where the table is, for its lines: `["steps", "#1", "target"]`.
    let path: [String]
    /// The step the table is or is in, as errors name it ("2.1"); nil for the program's own table.
    let step: String?
    /// The key that holds this table within its step, e.g. `target`, to prefix its keys in messages.
    let prefix: String?
    let context: ReadingContext

    init(values: [String: ConfigValue], path: [String], step: String?, prefix: String?, context: ReadingContext) {
        self.values = values
        self.path = path
        self.step = step
        self.prefix = prefix
        self.context = context
    }

    func contains(_ key: String) -> Bool { values[key] != nil }

    // MARK: - Typed accessors

    /// A string, or nil when absent.
    func string(_ key: String, example: String) throws(ProgramError) -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let text) = value else {
            throw wrongType(key, expected: "a string in quotes, e.g. \(key) = \(example)", found: value)
        }
        return text
    }

    /// A whole number, or nil when absent.
    func int(_ key: String, example: String) throws(ProgramError) -> Int? {
        guard let value = take(key) else { return nil }
        guard case .integer(let number) = value else {
            throw wrongType(key, expected: "a whole number, e.g. \(key) = \(example)", found: value)
        }
        return number
    }

    /// A number, whole or not, or nil when absent.
    func number(_ key: String, example: String) throws(ProgramError) -> Double? {
        guard let value = take(key) else { return nil }
        switch value {
        case .integer(let whole): return Double(whole)
        case .float(let fraction) where fraction.isFinite: return fraction
        default: throw wrongType(key, expected: "a number, e.g. \(key) = \(example)", found: value)
        }
    }

    /// `true` or `false`, or nil when absent.
    func bool(_ key: String) throws(ProgramError) -> Bool? {
        guard let value = take(key) else { return nil }
        guard case .boolean(let flag) = value else { throw wrongType(key, expected: "true or false", found: value) }
        return flag
    }

    /// An inline table, or nil when absent.
    func table(_ key: String, example: String) throws(ProgramError) -> FieldTable? {
        guard let value = take(key) else { return nil }
        guard case .table(let values) = value else {
            throw wrongType(key, expected: "a table, e.g. \(key) = \(example)", found: value)
        }
        return FieldTable(values: values, path: path + [key], step: step, prefix: dotted(key), context: context)
    }

    /// A list of tables (`[[steps]]`, or `[{ … }, { … }]`), or nil when absent.
    func tables(_ key: String, example: String, step: (Int) -> String?) throws(ProgramError) -> [FieldTable]? {
        guard let value = take(key) else { return nil }
        let expected = "a list of tables, e.g. \(example)"
        guard case .array(let items) = value else { throw wrongType(key, expected: expected, found: value) }
        var tables: [FieldTable] = []
        for (index, item) in items.enumerated() {
            guard case .table(let values) = item else { throw wrongType(key, expected: expected, found: item) }
            let itemStep = step(index)
            tables.append(
                FieldTable(
                    values: values, path: path + [key, "#\(index)"], step: itemStep ?? self.step,
                    prefix: itemStep == nil ? dotted(key) : nil, context: context))
        }
        return tables
    }

    // MARK: - Errors

    /// An error about `key` of this table (or the table itself when nil), on the key's line.
    func error(_ kind: ProgramError.Kind, _ key: String?, problem: String, fix: String) -> ProgramError {
        ProgramError(
            kind: kind, file: context.file, line: context.lines.line(of: key.map { path + [$0] } ?? path),
            step: step, key: key.map(dotted) ?? prefix, problem: problem, fix: fix)
    }

    /// Throws for the first key, in the order of the file, that is not one of `known`: usually a typo, found before
    /// anything else is read so that `tme = "1:30"` is named as such, not as a missing time.
    func rejectUnknownKeys(known: [String], in what: String) throws(ProgramError) {
        let unknown = values.keys.filter { !known.contains($0) }
            .sorted { (context.lines.line(of: path + [$0]) ?? 0, $0) < (context.lines.line(of: path + [$1]) ?? 0, $1) }
        guard let key = unknown.first else { return }
        throw error(
            .unknownKey, key, problem: "\(what) has no key \(ProgramText.quoted(key))",
            fix: "Check the spelling; the keys of \(what) are \(known.joined(separator: ", ")).")
    }

    // MARK: - Helpers

    private func take(_ key: String) -> ConfigValue? { values[key] }

    private func dotted(_ key: String) -> String { prefix.map { "\($0).\(key)" } ?? key }

    private func wrongType(_ key: String, expected: String, found: ConfigValue) -> ProgramError {
        error(
            .wrongType, key, problem: "expected \(expected), found \(found.typeName) (\(found.programLiteral))",
            fix: "Write it as \(expected).")
    }
}

/// What every table of one file shares: the file's name and its lines.
struct ReadingContext: Sendable {
    let file: String
    let lines: ProgramLines
}
