import Foundation

/// Where the hub keeps its database.
///
/// In order: an explicit `--data-dir`; `$STATE_DIRECTORY` (set by systemd's `StateDirectory=`);
/// `$XDG_DATA_HOME/stayfit`; `~/.local/share/stayfit`.
public enum DataDirectory {
    /// Resolves the data directory from an explicit choice and the environment.
    ///
    /// An empty `explicit` counts as none here; `stayfit` refuses `--data-dir ""` as a usage error before
    /// it gets here, so that a mistake never silently picks the home directory.
    public static func resolve(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        // systemd may pass several colon-separated directories; the first is ours.
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !state.isEmpty {
            return URL(fileURLWithPath: String(state))
        }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("stayfit")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/stayfit")
    }
}
