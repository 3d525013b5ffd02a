import HubCore

/// Turns key-down and key-up edges into presses: short, long or double. Pure: time comes in with each edge and
/// with ``expire(at:)``, so tests drive it with a `ManualClock` and the hub with its monotonic clock.
///
/// - A **long** press is reported as soon as the key has been held for `long`, without waiting for the release: the
///   person feels when it took. Its release does nothing more.
/// - A **short** press is reported at the release, or, for a key that has a double-press action, once `doubleWindow`
///   has passed after the release without a second press.
/// - A **double** press is a second press within `doubleWindow` of the first one's release, on a key that has a
///   double-press action; it is reported at the second key-down, and the second release does nothing more.
/// - The keyboard's own repeat (value 2) is ignored, and so is a release without a press (the key was held when the
///   device was opened) or a second key-down without a release between (events lost).
struct PressClassifier: Sendable {
    /// One recognised press.
    struct Press: Sendable, Equatable {
        /// The device it came from, as ``ButtonWatcher`` names it.
        var device: String
        var code: Int
        var kind: PressKind
        /// When the press began (the key went down), on the clock of the edges.
        var at: HubInstant
    }

    /// Press timing.
    struct Timing: Sendable, Equatable {
        /// Held at least this long: a long press.
        var long: Duration
        /// A second press within this time of the first one's release: a double press.
        var doubleWindow: Duration
    }

    private enum KeyState: Sendable {
        /// Down since `since`; `reported` once its long press was reported.
        case held(since: HubInstant, reported: Bool)
        /// Released after a short press at `firstAt`; a second press before `until` makes it a double.
        case waitingForSecond(firstAt: HubInstant, until: HubInstant)
        /// The second press of a double: reported, wait for its release.
        case secondHeld
    }

    private struct KeyID: Hashable, Sendable {
        var device: String
        var code: Int
    }

    let timing: Timing
    /// Keys that have a double-press action: only their short presses wait for a possible second one.
    let doubleKeys: Set<Int>
    private var keys: [KeyID: KeyState] = [:]

    init(timing: Timing, doubleKeys: Set<Int>) {
        self.timing = timing
        self.doubleKeys = doubleKeys
    }

    /// Takes one `EV_KEY` event: value 1 (down), 0 (up) or 2 (repeat, ignored). Returns the presses it completes.
    mutating func handle(device: String, code: Int, value: Int32, at instant: HubInstant) -> [Press] {
        let id = KeyID(device: device, code: code)
        var presses = expire(at: instant)
        switch (value, keys[id]) {
        case (1, nil):
            keys[id] = .held(since: instant, reported: false)
        case (1, .waitingForSecond?):
            keys[id] = .secondHeld
            presses.append(Press(device: device, code: code, kind: .double, at: instant))
        case (1, _):
            break  // down twice without an up between: events were lost; the key is already held
        case (0, .held(let since, let reported)?):
            if reported {
                keys[id] = nil
            } else if instant - since >= timing.long {
                // Held long, but the timer has not fired yet (a busy machine): it is long all the same.
                keys[id] = nil
                presses.append(Press(device: device, code: code, kind: .long, at: since))
            } else if doubleKeys.contains(code) {
                keys[id] = .waitingForSecond(firstAt: since, until: instant + timing.doubleWindow)
            } else {
                keys[id] = nil
                presses.append(Press(device: device, code: code, kind: .short, at: since))
            }
        case (0, .secondHeld?):
            keys[id] = nil
        default:
            break  // a repeat, an up without a down, a value the kernel does not send
        }
        return presses
    }

    /// Reports the long presses and the short presses that were waiting for a second press, whose time has come.
    mutating func expire(at instant: HubInstant) -> [Press] {
        var due: [Press] = []
        for (id, state) in keys {
            switch state {
            case .held(let since, false) where instant - since >= timing.long:
                keys[id] = .held(since: since, reported: true)
                due.append(Press(device: id.device, code: id.code, kind: .long, at: since))
            case .waitingForSecond(let firstAt, let until) where instant >= until:
                keys[id] = nil
                due.append(Press(device: id.device, code: id.code, kind: .short, at: firstAt))
            default:
                break
            }
        }
        return due.sorted { ($0.at, $0.device, $0.code) < ($1.at, $1.device, $1.code) }
    }

    /// Forgets the keys of a device that went away: a key held when it vanished will never be released.
    mutating func forget(device: String) {
        keys = keys.filter { $0.key.device != device }
    }

    /// When ``expire(at:)`` has something to report next; nil when nothing is pending.
    var nextDeadline: HubInstant? {
        keys.values.compactMap { state -> HubInstant? in
            switch state {
            case .held(let since, false): since + timing.long
            case .waitingForSecond(_, let until): until
            default: nil
            }
        }.min()
    }
}
