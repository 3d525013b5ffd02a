import Foundation
import Glibc
import HeartRate
import HubCore
import HubStore

/// One run of `stayfit setup`: the answers so far, and the writes they lead to, done together at the end.
struct SetupSession {
    var conversation: SetupConversation
    var configuration: SetupConfiguration
    let detected: SetupDetection
    let command: SetupCommand
    /// The strap connected in the strap step, remembered at the end.
    var strap: StrapManager.Strap?
    /// The profile given in the profile step, saved at the end.
    var profile: Profile?

    static let steps = 4

    mutating func walk() async throws {
        writeLine("StayFit Hub setup. Press Enter (or type s) to skip a step; nothing is written until the end.")
        writeLine(detected.summary)
        try await strapStep()
        try await speakerStep()
        try await buttonsStep()
        try await profileStep()
        try await finish()
    }

    static func heading(_ number: Int, _ title: String) {
        writeLine("")
        writeLine("Step \(number) of \(steps): \(title).")
    }

    // MARK: - The end

    /// Checks the configuration as `config check` does, writes it (asking before replacing a file), then stores the
    /// strap and the profile.
    private mutating func finish() async throws {
        let path = command.path
        let text = configuration.text(on: SetupCommand.today())
        let plugins = try ConfigurationCheck.enabledPlugins(
            HubConfiguration(text: text, file: path, movedSettings: pluginRegistry.movedSettings))
        writeLine("")
        var ifExists = SafeFileWriter.IfExists.refuse
        var existing = stat()
        if lstat(path, &existing) == 0 {
            let replace = try await conversation.yesOrNo(
                "\(Format.printable(path, limit: 200)) exists. Replace it with the new configuration? (Its mode is "
                    + "kept; what you changed in it by hand is not carried over.)", default: false)
            guard replace else {
                writeLine("Kept \(path) as it was. The new configuration would have been:")
                writeLine(text)
                try await storeChoices()
                return
            }
            ifExists = .replace
        }
        try SafeFileWriter.write(Array(text.utf8), to: path, ifExists: ifExists, allowsStandardOutput: false)
        writeLine("Wrote \(path). Plugins on: \(plugins.joined(separator: ", ")).")
        try await storeChoices()
        writeLine(
            "Done. Check it with: stayfit config check \(path). A running service takes it with: "
                + "sudo systemctl reload stayfit")
    }

    /// Remembers the strap and saves the profile, as the hub's user when root runs setup for it.
    private func storeChoices() async throws {
        guard strap != nil || profile != nil else { return }
        let strap = strap, profile = profile
        try await asDataOwner { store in
            if let strap {
                try await store.remember(
                    RememberedDevice(role: .heartRate, address: strap.address, name: strap.name, rememberedAt: Date()))
                writeLine("The hub's heart-rate strap is now \(strap.description).")
            }
            if let profile {
                try await store.saveProfile(profile)
                writeLine("Profile saved.")
            }
        }
    }

    /// Runs `body` on the store, with the effective user and group of the data directory's owner when root runs
    /// setup (`sudo stayfit setup --data-dir /var/lib/stayfit`): files SQLite makes there (the -wal and -shm
    /// files) must stay the hub's, or the hub could no longer open its database.
    func asDataOwner<T>(_ body: (HubStore) async throws -> T) async throws -> T {
        var info = stat()
        let directory = command.storeOptions.directory.path
        let switching = geteuid() == 0 && stat(directory, &info) == 0 && info.st_uid != 0
        if switching {
            guard setegid(info.st_gid) == 0, seteuid(info.st_uid) == 0 else {
                throw CLIError("cannot act as the owner of \(directory): \(String(cString: strerror(errno)))")
            }
        }
        defer {
            if switching {
                _ = seteuid(0)
                _ = setegid(0)
            }
        }
        return try await body(try command.storeOptions.openStore())
    }
}
