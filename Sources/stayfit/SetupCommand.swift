import ArgumentParser
import Foundation
import Glibc
import HubCore
import HubStore

/// `stayfit setup`: a first configuration, over SSH without a screen. Looks at what the machine has, then walks
/// through the strap, the speaker, the buttons and the profile, each step skippable, and writes a commented
/// stayfit.toml at the end; `--detect` only prints what `scripts/install` writes.
struct SetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set up the hub step by step: the strap, the speaker, the buttons and your profile.",
        discussion: """
            Asks plain questions on the terminal; press Enter (or type s) to skip a step. Nothing is written until \
            the end: then the configuration file (asked before replacing one), the chosen strap and the profile. \
            Ctrl-D stops with nothing written. On an installed hub: sudo stayfit setup --data-dir /var/lib/stayfit, \
            then sudo systemctl reload stayfit. --detect prints the configuration for what this machine has \
            (a Bluetooth adapter, gpsd, a sound card, gpio-key buttons) and asks nothing.
            """)

    @Flag(help: "Only print the configuration for the devices found here (what scripts/install writes).")
    var detect = false
    @Option(
        help: ArgumentHelp(
            "The configuration file to write (default: $STAYFIT_CONFIG, else /etc/stayfit/stayfit.toml).",
            valueName: "file"))
    var config: String?
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var systemRoot: SystemRoot
    @Option(help: ArgumentHelp("How long to scan for straps, 1 to 120.", valueName: "seconds"))
    var scanSeconds = 10

    func validate() throws {
        guard (1...120).contains(scanSeconds) else {
            throw ValidationError("--scan-seconds must be from 1 to 120 (got \(scanSeconds)).")
        }
        if let config, config.allSatisfy(\.isWhitespace) {
            throw ValidationError("--config needs a file name (got \"\(config)\"); leave it out for the default.")
        }
    }

    /// Where the configuration goes.
    var path: String {
        config ?? ProcessInfo.processInfo.environment["STAYFIT_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/etc/stayfit/stayfit.toml"
    }

    func run() async throws {
        try await reportingErrors {
            let detected = SetupDetection.look(at: systemRoot)
            if detect {
                let text = SetupConfiguration(detected: detected).text(on: Self.today())
                _ = try ConfigurationCheck.enabledPlugins(
                    HubConfiguration(
                        text: text, file: "stayfit setup --detect", movedSettings: pluginRegistry.movedSettings))
                // The file on standard output, what was found on standard error: `> stayfit.toml` stays clean.
                printError(detected.summary)
                return writeLine(text)
            }
            try checkWritable()
            var session = SetupSession(
                conversation: SetupConversation(), configuration: SetupConfiguration(detected: detected),
                detected: detected, command: self)
            do {
                try await session.walk()
            } catch is SetupConversation.Stopped {
                throw CLIError("setup stopped: its input ended before the last answer. Nothing was written.")
            }
        }
    }

    /// Refuses at once, not after every question, when the configuration's folder cannot be written.
    private func checkWritable() throws {
        let folder = (path as NSString).deletingLastPathComponent
        let target = folder.isEmpty ? "." : folder
        guard access(target, W_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            throw CLIError(
                "cannot write the configuration into \(target) (\(reason)). Run setup with sudo, or give "
                    + "--config FILE in a folder you can write.")
        }
    }

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}
