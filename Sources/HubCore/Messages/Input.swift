/// A physical button (gpio-keys, a keyboard, a remote) was pressed.
public struct ButtonPressed: BusMessage, Equatable {
    public enum Kind: String, Sendable { case short, long }

    /// The Linux key code (e.g. 164 KEY_PLAYPAUSE).
    public var keyCode: Int
    public var kind: Kind

    public init(keyCode: Int, kind: Kind = .short) {
        self.keyCode = keyCode
        self.kind = kind
    }
}
