import HubCore

/// Which action each key does on a short, long or double press: the `[plugins.buttons.keys]` table.
///
/// ```toml
/// [plugins.buttons.keys]
/// KEY_PLAYPAUSE = { short = "start-pause-resume", long = "stop", double = "play-pause-music" }
/// BTN_0 = { short = "lap" }
/// 28 = { long = "status-now" }        # a key by its number (KEY_ENTER)
/// ```
public struct KeyMapping: Sendable, Equatable {
    /// One key and one way of pressing it.
    public struct Binding: Hashable, Sendable {
        public var code: Int
        public var kind: PressKind

        public init(code: Int, kind: PressKind) {
            self.code = code
            self.kind = kind
        }
    }

    public private(set) var actions: [Binding: ButtonAction]

    public init(_ actions: [Binding: ButtonAction]) { self.actions = actions }

    /// The default for three buttons (the gpio-key overlay example in `etc/gpio-buttons.txt`): button 1
    /// (KEY_PLAYPAUSE) starts, pauses and resumes, held stops and saves, twice plays or pauses the music; button 2
    /// (KEY_NEXTSONG) next track, held "status now", twice previous track; button 3 (KEY_VOLUMEUP) lap, held
    /// louder, twice quieter.
    public static let standard = KeyMapping([
        Binding(code: 164, kind: .short): .startPauseResume,
        Binding(code: 164, kind: .long): .stop,
        Binding(code: 164, kind: .double): .playPauseMusic,
        Binding(code: 163, kind: .short): .nextTrack,
        Binding(code: 163, kind: .long): .statusNow,
        Binding(code: 163, kind: .double): .previousTrack,
        Binding(code: 115, kind: .short): .lap,
        Binding(code: 115, kind: .long): .louder,
        Binding(code: 115, kind: .double): .quieter,
    ])

    /// The action for a press, or nil when the key or the kind does nothing.
    public func action(code: Int, kind: PressKind) -> ButtonAction? {
        actions[Binding(code: code, kind: kind)]
    }

    /// Keys with a double-press action: their short presses wait for a possible second press.
    public var doubleKeys: Set<Int> { Set(actions.keys.filter { $0.kind == .double }.map(\.code)) }

    /// Reads the `keys` table.
    ///
    /// - Throws: `ConfigurationError` naming the line for an unknown key name, a value that is not a table of
    ///   `short`/`long`/`double`, an unknown action, or the same key and kind given twice (by name and by number).
    public static func read(_ table: ConfigTable) throws -> KeyMapping {
        var actions: [Binding: ButtonAction] = [:]
        var definedBy: [Binding: String] = [:]
        for name in table.keys {
            guard let code = KeyNames.code(name) else {
                throw table.invalid(
                    name, problem: "\"\(name)\" is not a key name or number",
                    fix: "Write a Linux key name such as KEY_ENTER, KEY_PLAYPAUSE or BTN_0, or the key's number "
                        + "from 0 to \(KeyNames.maximumCode) (`stayfit buttons test` shows both for each key pressed)."
                )
            }
            guard let kinds = try? table.table(name) else {
                throw table.invalid(
                    name, problem: "expected a table of presses, e.g. { short = \"lap\", long = \"louder\" }",
                    fix: "Write it as \(name) = { short = \"…\", long = \"…\", double = \"…\" } with the actions: "
                        + ButtonAction.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            for kind in PressKind.allCases {
                guard let action = try kinds.optionalString(kind.rawValue) else { continue }
                guard let known = ButtonAction(rawValue: action) else {
                    throw kinds.invalid(
                        kind.rawValue, problem: "\"\(action)\" is not an action",
                        fix: "Use one of: " + ButtonAction.allCases.map(\.rawValue).joined(separator: ", ") + ".")
                }
                let binding = Binding(code: code, kind: kind)
                if let earlier = definedBy[binding] {
                    throw kinds.invalid(
                        kind.rawValue,
                        problem: "the \(kind.rawValue) press of \(KeyNames.describe(code)) is mapped twice, "
                            + "by \(earlier) and by \(name)",
                        fix: "Keep one of them: a press does one thing.")
                }
                definedBy[binding] = name
                actions[binding] = known
            }
            try kinds.rejectUnknownKeys()
        }
        return KeyMapping(actions)
    }
}
