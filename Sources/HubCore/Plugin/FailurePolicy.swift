/// What the supervisor does when a plugin's `run()` throws.
///
/// Set per plugin with `on-failure = "restart" | "ignore" | "shutdown"` in its `[plugins.<id>]` table.
public enum FailurePolicy: Sendable, Equatable {
    /// Run it again after a delay that doubles from `initialDelay` up to `maxDelay`. The delay starts
    /// over once the plugin has run for `resetAfter` without failing.
    case restart(initialDelay: Duration, maxDelay: Duration, resetAfter: Duration)
    /// Log it, publish it, and leave the plugin stopped; the hub goes on.
    case ignore
    /// Shut the whole hub down.
    case shutdown

    /// Restart from 1 s up to 30 s: Bluetooth straps and gpsd go away; the hub does not.
    public static let standard = FailurePolicy.restart(
        initialDelay: .seconds(1), maxDelay: .seconds(30), resetAfter: .seconds(60))

    /// The delay before restart number `attempt` (0-based), or nil when the policy does not restart.
    public func restartDelay(attempt: Int) -> Duration? {
        guard case .restart(let initial, let maximum, _) = self else { return nil }
        let factor = 1 << min(attempt, 30)
        return min(initial * factor, maximum)
    }

    private enum Name: String, CaseIterable { case restart, ignore, shutdown }

    /// Reads `on-failure` and `restart-max-delay-seconds` from a plugin's table.
    static func read(from table: ConfigTable) throws -> FailurePolicy {
        let maxDelay = try table.int("restart-max-delay-seconds", default: 30, in: 1...3600)
        switch try table.choice("on-failure", default: Name.restart) {
        case .restart:
            return .restart(initialDelay: .seconds(1), maxDelay: .seconds(maxDelay), resetAfter: .seconds(60))
        case .ignore: return .ignore
        case .shutdown: return .shutdown
        }
    }
}
