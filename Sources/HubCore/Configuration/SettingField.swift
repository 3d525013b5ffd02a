/// One key of a plugin's table that a front end (the web app's settings pages) may show and change: its words, what
/// it takes, and its default.
///
/// A plugin lists the keys a person is likely to change (`Plugin.settings`); the rest stay in the file for those who
/// edit it. The field only describes: what is valid is still decided by the plugin's `Configuration`, which reads
/// the file after every change before the hub takes it.
///
/// ```swift
/// SettingField(["volume"], "Music volume", help: "0 to 100", kind: .whole(0...100, unit: "%"), default: .integer(70))
/// ```
public struct SettingField: Sendable, Equatable {
    /// What the field takes, and how a front end offers it.
    public enum Kind: Sendable, Equatable {
        /// A whole number in the range, shown with its unit ("%", "min", "").
        case whole(ClosedRange<Int>, unit: String)
        /// A number in the range, entered to `step`.
        case number(ClosedRange<Double>, step: Double, unit: String)
        case onOff
        /// One of the values, each with the words a person reads.
        case choice([(value: String, words: String)])
        /// A line of text of at most this many characters.
        case text(longest: Int)
        /// A file or folder on the hub (a playlist): text, which the front end may check exists.
        case path

        public static func == (left: Kind, right: Kind) -> Bool {
            switch (left, right) {
            case (.whole(let a, let u), .whole(let b, let v)): a == b && u == v
            case (.number(let a, let s, let u), .number(let b, let t, let v)): a == b && s == t && u == v
            case (.onOff, .onOff), (.path, .path): true
            case (.choice(let a), .choice(let b)): a.map(\.value) == b.map(\.value) && a.map(\.words) == b.map(\.words)
            case (.text(let a), .text(let b)): a == b
            default: false
            }
        }
    }

    /// The key's path within the plugin's table: `["volume"]`, or `["playlists", "run"]` for a key of a table in it.
    public let key: [String]
    /// The field's name as a person reads it: "Music volume".
    public let words: String
    /// One line on what it does, its range or its form.
    public let help: String
    public let kind: Kind
    /// The value the plugin takes when the key is absent.
    public let defaultValue: ConfigValue
    /// The heading the field is shown under ("Playlists"), "" for the page's first part.
    public let section: String

    public init(
        _ key: [String], _ words: String, help: String, kind: Kind, default defaultValue: ConfigValue,
        section: String = ""
    ) {
        self.key = key
        self.words = words
        self.help = help
        self.kind = kind
        self.defaultValue = defaultValue
        self.section = section
    }

    /// The dotted key as written in the file: `playlists.run`.
    public var name: String { key.joined(separator: ".") }
}
