import Buttons
import Foundation
import HubCore
import Logging

extension SetupSession {
    /// Step 3: the person presses each button; the devices they came from and their keys go into the configuration,
    /// the first key taking start/pause/resume, the second next track, the third lap (the default mapping's roles).
    mutating func buttonsStep() async throws {
        Self.heading(3, "the buttons")
        let finder = command.systemRoot.inputDevices
        let present = finder.present()
        guard !present.isEmpty else {
            return writeLine("No input devices here: skipped. \(ButtonsCommand.List.noDevices)")
        }
        guard try await conversation.wantsStep("Press each of your buttons now?") else {
            return writeLine(
                configuration.buttonDevices == nil
                    ? "Skipped: the buttons stay off." : "Skipped: the buttons found keep the default mapping.")
        }
        writeLine(
            "Press your buttons one at a time: first the one for start/pause, then next track, then lap. "
                + "Press Enter when done (s skips).")
        var buttonsConfiguration = try ButtonsPlugin.Configuration(
            .empty(keyPath: ["plugins", "buttons"], file: "stayfit setup"), devices: ["*"])
        // Not grabbed: a keyboard pressed here still types.
        buttonsConfiguration.grab = false
        var logger = Logger(label: "stayfit.setup")
        logger.logLevel = .critical
        let watcher = ButtonWatcher(
            configuration: buttonsConfiguration, clock: SystemClock(), logger: logger, finder: finder)
        let feed = conversation.feed
        var keys: [String] = []
        var devices: [String] = []
        var finished = false
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await watcher.run { feed.yield(.button($0)) } }
            defer { group.cancelAll() }
            while !finished {
                switch await conversation.next() {
                case .endOfInput: throw SetupConversation.Stopped()
                case .line(let line):
                    if ["s", "skip"].contains(line.trimmingCharacters(in: .whitespaces).lowercased()) {
                        keys = []
                        devices = []
                    }
                    finished = true
                case .button(.press(let press)):
                    let key = Self.keyName(press.keyDescription)
                    guard !keys.contains(key) else { continue }
                    let device = Self.deviceName(press.device, among: present)
                    if !devices.contains(device) { devices.append(device) }
                    guard keys.count < SetupConfiguration.roles.count else {
                        writeLine("\(press.keyDescription) on \(press.device): not used (three buttons are mapped).")
                        continue
                    }
                    keys.append(key)
                    let role = SetupConfiguration.roles[keys.count - 1]
                    let said = [role.0, role.1, role.2].map { ButtonAction(rawValue: $0)?.description ?? $0 }
                    writeLine(
                        "Button \(keys.count): \(press.keyDescription) on \(press.device): short \(said[0]), long "
                            + "\(said[1]), double \(said[2]).")
                case .button: continue
                }
            }
        }
        guard !keys.isEmpty else {
            return writeLine(
                configuration.buttonDevices == nil
                    ? "No button pressed: the buttons stay off."
                    : "No button pressed: the buttons found keep the default mapping.")
        }
        configuration.buttonDevices = devices
        configuration.buttonKeys = keys
        writeLine("\(Format.counted(keys.count, "button")) mapped on \(devices.joined(separator: ", ")).")
    }

    /// `KEY_PLAYPAUSE` from `KEY_PLAYPAUSE (164)`; the number for a key without a name (`key 709`).
    static func keyName(_ description: String) -> String {
        if let open = description.firstIndex(of: " "), description.hasSuffix(")") {
            return String(description[..<open])
        }
        return String(description.split(separator: " ").last ?? "")
    }

    /// The name to put in `devices` for a watcher's label (`button@11 (/dev/input/event0)`): the kernel's name,
    /// which stays the same across reboots where event numbers do not; the path when it has none.
    static func deviceName(_ label: String, among present: [DeviceFinder.Device]) -> String {
        present.first { "\($0.name) (\($0.path))" == label }?.name ?? label
    }
}
