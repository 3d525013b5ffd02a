/// A physical button (gpio-keys, a keyboard, a remote, a GPIO line) was pressed.
public struct ButtonPressed: BusMessage, Equatable {
    /// How it was pressed: released before the long-press time, held past it, or pressed twice in quick
    /// succession.
    public enum Kind: String, Sendable, CaseIterable {
        case short, long, double
    }

    /// The Linux key code (e.g. 164 KEY_PLAYPAUSE).
    public var keyCode: Int
    public var kind: Kind
    /// Which device it came from, in words a person recognises, e.g. "gpio_keys (/dev/input/event0)".
    public var device: String

    public init(keyCode: Int, kind: Kind = .short, device: String = "") {
        self.keyCode = keyCode
        self.kind = kind
        self.device = device
    }
}

/// Someone asked for the hub's state in one sentence, now (a button, the console's `i` key).
///
/// The status plugin answers with an `Announcement`: idle or recording, elapsed time, distance, and the newest
/// `StatusPart` of each source (each sensor plugin says its own).
public struct StatusRequested: BusMessage, Equatable {
    /// Who asked, for the log, e.g. "buttons" or "console".
    public var source: String

    public init(source: String) { self.source = source }
}
