import ArgumentParser
import Console
import Foundation
import HubCore
import HubStore

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the hub: sensors, workouts, front ends and outputs, until stopped (Ctrl-C, SIGTERM or 'quit').")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var configOptions: ConfigOptions

    @Flag(help: "Use simulated sensors: the built-in run, or the recording named in [plugins.simulator] file.")
    var simulate = false

    @Option(
        help: ArgumentHelp(
            "With --simulate: how many times faster than real time to run (0.1 to 1000; 60 plays a minute a second).",
            valueName: "factor"))
    var speed: Double = 1

    func validate() throws {
        guard (0.1...1000).contains(speed) else {
            throw ValidationError("--speed must be from 0.1 to 1000 (got \(speed)).")
        }
        guard speed == 1 || simulate else {
            throw ValidationError("--speed only applies to simulated sensors: add --simulate, or leave --speed out.")
        }
    }

    func run() async throws {
        try await reportingErrors {
            let options = configOptions, simulate = simulate
            // SIGHUP and the settings pages read the file again the same way.
            let file = options.file { if simulate { $0.enable(SimulatorID.id) } }
            let load: @Sendable () throws -> HubConfiguration = {
                do {
                    return try file.load()
                } catch {
                    throw CLIError(error)
                }
            }
            let configuration = try load()
            if speed != 1, let plugin = try pluginRegistry.enabled(with: .needsRealTime, in: configuration).first {
                throw CLIError(RealTimeRequired(plugin: plugin, speed: speed).description, exitCode: 64)
            }
            // Before the store: a second hub must not even recover the first one's live workout.
            let lock = try await storeOptions.lockForHub()
            defer { withExtendedLifetime(lock) {} }
            let logger = LogSetup.bootstrap(
                level: configuration.logLevel,
                consoleDirectory: LogSetup.consoleOwnsTerminal(configuration) ? storeOptions.directory : nil)
            // Before the store opens the database in it: a directory others may write into is news at start.
            let permissions = DataDirectoryPermissions.secure(storeOptions.directory)
            if permissions.isFixed {
                logger.notice("\(permissions)")
            } else if permissions != .safe {
                logger.warning("\(permissions)")
            }
            // A file without a [plugins.console] table leaves the hub with no front end here: on a terminal, say so,
            // or typed commands (quit among them) would go unanswered without a word.
            if isatty(STDIN_FILENO) == 1 || isatty(STDOUT_FILENO) == 1,
                (try? pluginRegistry.enabledTables(in: configuration))?[ConsolePlugin.id] == nil
            {
                let notice =
                    "the console is off: this terminal takes no commands; stop the hub with Ctrl-C, or add a "
                    + "[plugins.console] table to take them"
                logger.notice("\(notice)", metadata: ["config": "\(configuration.source.file)"])
            }
            let store = try storeOptions.openStore(forHub: true)
            logger.info("starting", metadata: ["database": "\(store.path)", "config": "\(configuration.source.file)"])
            let hub = try Hub(
                configuration: configuration, registry: pluginRegistry, store: store, clock: SystemClock(speed: speed),
                logger: logger, reload: file)
            try await hub.run()
        }
    }
}
