import ArgumentParser
import Buttons
import Foundation
import HubCore
import Logging

/// `stayfit buttons`: see what the buttons send, for setting up the wiring and the mapping.
struct ButtonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buttons", abstract: "Set up the buttons: list input devices, and see each press as recognised.",
        subcommands: [Test.self, List.self], defaultSubcommand: Test.self)

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show each button press as the hub recognises it: device, key, short/long/double, action.",
            discussion: """
                Reads the devices and the mapping of [plugins.buttons] in the configuration, or the devices given \
                with --device; without either, every input device (not grabbed) with the default mapping. Nothing \
                is sent to a running hub. Stop it with Ctrl-C, or give --seconds or --presses. A device a running \
                hub has grabbed sends nothing here: stop the hub first (systemctl stop stayfit).
                """)
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var systemRoot: SystemRoot
        @Option(
            name: .customLong("device"),
            help: ArgumentHelp(
                "An input device, by path (/dev/input/event0) or by name (gpio_keys, '*Receiver*'), in place of the "
                    + "configuration's; repeat it for more.", valueName: "path or name"))
        var devices: [String] = []
        @Option(help: ArgumentHelp("Stop after this many seconds, 1 to 86400.", valueName: "seconds"))
        var seconds: Int?
        @Option(help: ArgumentHelp("Stop after this many presses, 1 to 1000.", valueName: "count"))
        var presses: Int?

        func validate() throws {
            if let seconds, !(1...86_400).contains(seconds) {
                throw ValidationError("--seconds must be from 1 to 86400 (got \(seconds)).")
            }
            if let presses, !(1...1000).contains(presses) {
                throw ValidationError("--presses must be from 1 to 1000 (got \(presses)).")
            }
            if let empty = devices.first(where: { $0.allSatisfy(\.isWhitespace) }) {
                throw ValidationError(
                    "--device needs a path such as /dev/input/event0 or a device name (got \"\(empty)\").")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let hubConfiguration = try configOptions.load()
                let table = hubConfiguration.pluginTables[ButtonsPlugin.id]
                // Nothing configured yet is when this is needed most: every input device then, each press with
                // its device, so that the person learns which one to name.
                let everyDevice = table == nil && devices.isEmpty
                var configuration = try ButtonsPlugin.Configuration(
                    table ?? .empty(keyPath: ["plugins", "buttons"], file: hubConfiguration.source.file),
                    devices: everyDevice ? ["*"] : devices.isEmpty ? nil : devices)
                // The hub reads the supervisor's keys from the same table; anything else is a typo.
                try table?.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
                if everyDevice {
                    // Not grabbed: a keyboard tried here must go on typing into whatever else reads it.
                    configuration.grab = false
                    let present = systemRoot.inputDevices.present()
                    guard !present.isEmpty else {
                        throw CLIError(
                            "No input devices, and no [plugins.buttons] table in \(hubConfiguration.source.file) "
                                + "naming one. \(List.noDevices)")
                    }
                    writeLine(
                        "No [plugins.buttons] table in \(hubConfiguration.source.file): trying every input device, "
                            + "with the default mapping.")
                }
                try await watch(configuration)
            }
        }

        private func watch(_ configuration: ButtonsPlugin.Configuration) async throws {
            var logger = Logger(label: "stayfit.buttons")
            logger.logLevel = .error
            let watcher = ButtonWatcher(
                configuration: configuration, clock: SystemClock(), logger: logger, finder: systemRoot.inputDevices)
            let sources =
                configuration.devices.map { $0 == .name("*") ? "every input device" : $0.description }
                + (configuration.gpio.map { ["GPIO lines of \($0.chip)"] } ?? [])
            writeLine("Listening for button presses on \(sources.joined(separator: ", ")). Ctrl-C stops.")
            let (events, continuation) = AsyncStream.makeStream(of: ButtonEvent.self)
            let limit = presses, seconds = seconds
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await watcher.run { continuation.yield($0) } }
                if let seconds {
                    group.addTask {
                        try? await Task.sleep(for: .seconds(seconds))
                        continuation.finish()
                    }
                }
                var count = 0
                for await event in events {
                    writeLine(Self.line(event))
                    if case .press = event {
                        count += 1
                        if let limit, count >= limit { break }
                    }
                }
                group.cancelAll()
            }
        }

        static func line(_ event: ButtonEvent) -> String {
            switch event {
            case .press(let press):
                "\(press.device)  \(press.keyDescription)  \(press.kind.rawValue)  → "
                    + (press.action?.description ?? "nothing (not in the mapping)")
            case .opened(let device, let grab):
                "Opened \(device)"
                    + (grab == .grabbed || grab == .notAsked ? "." : " (not grabbed: \(grab.rawValue)).")
            case .lost(let device, let reason):
                "Lost \(device): \(reason). Waiting for it to come back."
            case .unavailable(let device, let reason):
                "Cannot use \(device) yet: \(reason)."
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the input devices (/dev/input/event*) with the names to use in [plugins.buttons] devices.")
        @OptionGroup var systemRoot: SystemRoot

        static let noDevices =
            "A Raspberry Pi's buttons need the gpio-key overlay (etc/gpio-buttons.txt); a USB or Bluetooth device "
            + "shows here once connected."

        func run() async throws {
            let devices = systemRoot.inputDevices.present()
            guard !devices.isEmpty else { return writeLine("No input devices. \(Self.noDevices)") }
            for device in devices { writeLine("\(device.path)  \"\(device.name)\"") }
        }
    }
}
