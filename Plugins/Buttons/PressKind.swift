/// How a button was pressed: released before the long-press time, held past it, or pressed twice in quick
/// succession. A key's actions in `[plugins.buttons.keys]` are given per kind (`short`, `long`, `double`).
public enum PressKind: String, Sendable, CaseIterable {
    case short, long, double
}
