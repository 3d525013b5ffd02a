import HubCore

/// What a ``ButtonWatcher`` reports: a press it recognised, and what happens to its devices.
public enum ButtonEvent: Sendable, Equatable {
    /// A press, with the action the mapping gives it (nil: the key or the kind does nothing).
    case press(RecognisedPress)
    /// A device was opened; `grab` says whether the hub has it alone.
    case opened(device: String, grab: Grab)
    /// A device went away (unplugged, or its file deleted); it is opened again when it comes back.
    case lost(device: String, reason: String)
    /// A device named in the configuration cannot be opened now; the watcher tries again.
    case unavailable(device: String, reason: String)

    /// Whether the hub has a device to itself.
    public enum Grab: String, Sendable, Equatable {
        case grabbed
        case notAsked = "not asked"
        /// A FIFO or a recorded file: nothing to grab.
        case notAnInputDevice = "not an input device"
        /// Another program has it: both receive its keys.
        case heldByAnother = "held by another program"
        case failed
    }
}

/// One recognised press.
public struct RecognisedPress: Sendable, Equatable {
    /// The device, e.g. `gpio_keys (/dev/input/event0)`.
    public var device: String
    public var keyCode: Int
    public var kind: PressKind
    /// What it does, from the mapping; nil when nothing is mapped to it.
    public var action: ButtonAction?
    /// When the key went down, on the watcher's clock.
    public var at: HubInstant

    /// The key's name and number, e.g. `KEY_PLAYPAUSE (164)`.
    public var keyDescription: String { KeyNames.describe(keyCode) }
}
