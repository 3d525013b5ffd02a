/// One table of the configuration file, read key by key with types, defaults and ranges.
///
/// Every accessor remembers the key it read, so that `rejectUnknownKeys()` can report anything left over —
/// usually a typo — with its line. Errors name the file, line and dotted key.
///
/// ```swift
/// let speed = try table.double("speed", default: 1, in: 0.1...1000)
/// try table.rejectUnknownKeys()
/// ```
public final class ConfigTable {
    /// The table's dotted path, e.g. `["plugins", "simulator"]`; empty for the whole file.
    public let keyPath: [String]
    public let source: ConfigSource
    let values: [String: ConfigValue]
    private var readKeys: Set<String> = []

    /// Wraps already-parsed values; `HubConfiguration` builds these from the file.
    public init(values: [String: ConfigValue], keyPath: [String], source: ConfigSource) {
        self.values = values
        self.keyPath = keyPath
        self.source = source
    }

    /// An empty table: every accessor returns its default.
    public static func empty(keyPath: [String] = [], file: String = "built-in defaults") -> ConfigTable {
        ConfigTable(values: [:], keyPath: keyPath, source: ConfigSource(file: file, text: ""))
    }

    /// Whether the key is set in the file.
    public func contains(_ key: String) -> Bool { values[key] != nil }

    /// Keys set in this table, sorted.
    public var keys: [String] { values.keys.sorted() }

    // MARK: - Typed accessors

    /// A string, or `defaultValue` when absent.
    public func string(_ key: String, default defaultValue: String) throws -> String {
        try optionalString(key) ?? defaultValue
    }

    /// A string, or nil when absent.
    public func optionalString(_ key: String) throws -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, expected: "a string in quotes", found: value) }
        return text
    }

    /// A list of strings (`["a", "b"]`), or `defaultValue` when absent.
    public func strings(_ key: String, default defaultValue: [String]) throws -> [String] {
        guard let value = take(key) else { return defaultValue }
        let expected = "a list of strings in quotes, e.g. [\"one\", \"two\"]"
        guard case .array(let items) = value else { throw wrongType(key, expected: expected, found: value) }
        return try items.map { item in
            guard case .string(let text) = item else { throw wrongType(key, expected: expected, found: value) }
            return text
        }
    }

    /// A whole number within `range`, or `defaultValue` when absent.
    public func int(_ key: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let value = take(key) else { return defaultValue }
        guard case .integer(let number) = value else {
            throw wrongType(
                key, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)", found: value)
        }
        guard range.contains(number) else {
            throw outOfRange(
                key, range: "\(range.lowerBound) to \(range.upperBound)", found: value, default: "\(defaultValue)")
        }
        return number
    }

    /// A number (whole or not) within `range`, or `defaultValue` when absent.
    public func double(_ key: String, default defaultValue: Double, in range: ClosedRange<Double>) throws -> Double {
        guard let value = take(key) else { return defaultValue }
        let number: Double
        switch value {
        case .integer(let whole): number = Double(whole)
        case .float(let fraction): number = fraction
        default:
            throw wrongType(key, expected: "a number from \(range.lowerBound) to \(range.upperBound)", found: value)
        }
        guard range.contains(number), number.isFinite else {
            throw outOfRange(
                key, range: "\(range.lowerBound) to \(range.upperBound)", found: value, default: "\(defaultValue)")
        }
        return number
    }

    /// `true` or `false`, or `defaultValue` when absent.
    public func bool(_ key: String, default defaultValue: Bool) throws -> Bool {
        guard let value = take(key) else { return defaultValue }
        guard case .boolean(let flag) = value else { throw wrongType(key, expected: "true or false", found: value) }
        return flag
    }

    /// One of an enumeration's raw values, or `defaultValue` when absent.
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, default defaultValue: T) throws -> T
    where T.RawValue == String {
        let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let value = take(key) else { return defaultValue }
        guard case .string(let text) = value else { throw wrongType(key, expected: "one of \(options)", found: value) }
        guard let choice = T(rawValue: text) else {
            throw ConfigurationError(
                kind: .invalidValue, file: source.file, line: line(of: key), key: dotted(key),
                problem: "\(value.literal) is not one of \(options)",
                fix: "Use one of those, or delete the line to use the default (\"\(defaultValue.rawValue)\").")
        }
        return choice
    }

    /// A nested table, or nil when absent.
    public func table(_ key: String) throws -> ConfigTable? {
        guard let value = take(key) else { return nil }
        guard case .table(let nested) = value else {
            throw wrongType(key, expected: "a table ([\(dotted(key))])", found: value)
        }
        return ConfigTable(values: nested, keyPath: keyPath + [key], source: source)
    }

    // MARK: - Validation

    /// Throws for the first key that no accessor read: an unknown key, usually a typo.
    public func rejectUnknownKeys(known extra: [String] = []) throws {
        let unknown = values.keys.filter { !readKeys.contains($0) && !extra.contains($0) }
            .sorted { (line(of: $0) ?? 0, $0) < (line(of: $1) ?? 0, $1) }
        guard let key = unknown.first else { return }
        let known = readKeys.union(extra).sorted()
        throw ConfigurationError(
            kind: .unknownKey, file: source.file, line: line(of: key), key: dotted(key),
            problem: "unknown key" + (keyPath.isEmpty ? "" : " in [\(keyPath.joined(separator: "."))]"),
            fix: known.isEmpty ? "Remove it." : "Check the spelling; known keys here: \(known.joined(separator: ", "))."
        )
    }

    /// An error about `key` for validation a plugin does itself (e.g. a file that must exist).
    public func invalid(_ key: String, problem: String, fix: String) -> ConfigurationError {
        ConfigurationError(
            kind: .invalidValue, file: source.file, line: line(of: key), key: dotted(key), problem: problem, fix: fix)
    }

    // MARK: - Helpers

    private func take(_ key: String) -> ConfigValue? {
        readKeys.insert(key)
        return values[key]
    }

    private func dotted(_ key: String) -> String { (keyPath + [key]).joined(separator: ".") }

    private func line(of key: String) -> Int? { source.line(of: keyPath + [key]) }

    private func wrongType(_ key: String, expected: String, found: ConfigValue) -> ConfigurationError {
        ConfigurationError(
            kind: .wrongType, file: source.file, line: line(of: key), key: dotted(key),
            problem: "expected \(expected), found \(found.typeName) (\(found.literal))",
            fix: "Write it as \(expected).")
    }

    private func outOfRange(_ key: String, range: String, found: ConfigValue, default defaultValue: String)
        -> ConfigurationError
    {
        ConfigurationError(
            kind: .outOfRange, file: source.file, line: line(of: key), key: dotted(key),
            problem: "\(found.literal) is out of range; it must be from \(range)",
            fix: "Use a value in that range, or delete the line to use the default (\(defaultValue)).")
    }
}
