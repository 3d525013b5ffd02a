import ArgumentParser
import Foundation
import HubCore
import HubStore

/// Where the database lives; shared by every command that uses the store.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Directory for the database (default: $STATE_DIRECTORY, else $XDG_DATA_HOME/stayfit, else ~/.local/share/stayfit).",
            valueName: "dir"))
    var dataDir: String?

    var directory: URL { DataDirectory.resolve(explicit: dataDir) }

    func validate() throws {
        try Self.validate(dataDir: dataDir)
    }

    /// `--data-dir ""` is a mistake (an unset shell variable, usually): refused, not read as "the default".
    static func validate(dataDir: String?) throws {
        if let dataDir, dataDir.allSatisfy(\.isWhitespace) {
            throw ValidationError(
                "--data-dir needs a directory (got \"\(dataDir)\"); leave the option out for the default.")
        }
    }

    /// - Parameter forHub: the hub's own store, which does not announce its writes (see `HubStore.changeMarkerName`)
    ///   and reads through one connection (its reads are few and short; each connection costs resident memory).
    func openStore(forHub: Bool = false) throws -> HubStore {
        do {
            return try HubStore(directory: directory, announcesWrites: !forHub, maximumReaders: forHub ? 1 : 5)
        } catch { throw CLIError(error) }
    }

    /// Takes the data directory's `HubLock` for a hub: one hub per data directory.
    func lockForHub() async throws -> HubLock { try await Self.lockForHub(directory: directory) }

    /// Takes `directory`'s `HubLock` for a hub, or says which hub has it and what to do.
    ///
    /// A command such as `workouts delete` holds the lock for a moment: the hub waits up to 2 seconds for it.
    /// Another hub holds it for good: that is an error at once.
    static func lockForHub(directory: URL) async throws -> HubLock {
        let deadline = ContinuousClock.now + .seconds(2)
        while true {
            do {
                return try HubLock(directory: directory, purpose: .hub)
            } catch let error as HubLockError where error.purpose != .hub && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            } catch let error as HubLockError {
                throw CLIError(
                    "\(error). One hub per data directory: stop that one first (systemctl stop stayfit, or 'quit' in its "
                        + "console), or give this one another --data-dir.")
            } catch {
                throw CLIError(error)
            }
        }
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
            return try file().load()
        } catch {
            throw CLIError(error)
        }
    }

    /// The file `load()` reads: `--config`, else $STAYFIT_CONFIG, else /etc/stayfit/stayfit.toml when it exists, else
    /// none (the built-in defaults); `adjust` is what the command changes after reading it.
    func file(adjust: @escaping @Sendable (inout HubConfiguration) -> Void = { _ in }) -> ConfigurationFile {
        let path =
            config ?? ProcessInfo.processInfo.environment["STAYFIT_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 })
            ?? (FileManager.default.fileExists(atPath: "/etc/stayfit/stayfit.toml") ? "/etc/stayfit/stayfit.toml" : nil)
        return ConfigurationFile(
            path: path, builtInDefaults: Self.builtInDefaults, movedSettings: pluginRegistry.movedSettings,
            adjust: adjust)
    }
}
