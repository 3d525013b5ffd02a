import ArgumentParser
import Foundation
import HubCore

struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Work with the configuration file.", subcommands: [Check.self])

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a configuration file and build every enabled plugin, without touching hardware.",
            discussion: "Exits 0 when the file is usable, 78 with file, line and key when it is not.")

        @Argument(help: ArgumentHelp("The file to check (default: as for 'stayfit run').", valueName: "file"))
        var file: String?

        func run() async throws {
            try await reportingErrors {
                var options = ConfigOptions()
                options.config = file
                let configuration = try options.load()
                let plugins = try ConfigurationCheck.enabledPlugins(configuration)
                print(
                    "\(configuration.source.file): OK. Enabled plugins: \(plugins.isEmpty ? "none" : plugins.joined(separator: ", "))."
                )
            }
        }
    }
}
