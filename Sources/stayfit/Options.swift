import ArgumentParser
import Foundation
import HubCore

/// Where the database lives; shared by every command that uses the store.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Directory for the database (default: $STATE_DIRECTORY, else $XDG_DATA_HOME/stayfit, else ~/.local/share/stayfit).",
            valueName: "dir"))
    var dataDir: String?

    var directory: URL { DataDirectory.resolve(explicit: dataDir) }

    func openStore() throws -> HubStore {
        do { return try HubStore(directory: directory) } catch { throw CLIError(error) }
    }
}

/// Which configuration file to read.
struct ConfigOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Configuration file (default: $STAYFIT_CONFIG, else /etc/stayfit/stayfit.toml if present, else built-in defaults).",
            valueName: "file"))
    var config: String?

    /// The built-in configuration when no file exists: the console front end, everything else off.
    static let builtInDefaults = "[plugins.console]\n"

    func load() throws -> HubConfiguration {
        do {
            if let path = config ?? ProcessInfo.processInfo.environment["STAYFIT_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
                return try HubConfiguration.load(path: path)
            }
            if FileManager.default.fileExists(atPath: "/etc/stayfit/stayfit.toml") {
                return try HubConfiguration.load(path: "/etc/stayfit/stayfit.toml")
            }
            return try HubConfiguration(text: Self.builtInDefaults, file: "built-in defaults")
        } catch {
            throw CLIError(error)
        }
    }
}
