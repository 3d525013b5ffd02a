import BlueZTestKit
import Foundation
import Testing

/// `scripts/install` and `scripts/uninstall` into a temporary root (`--destdir`), with the debug binary so that no
/// release build is needed: the files and their modes, a changed configuration that survives a reinstall, and an
/// uninstall that leaves only the data.
@Suite(.serialized, .timeLimit(.minutes(5))) struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `scripts/<name> arguments`; returns its exit status and what it printed (stdout and stderr).
    private func script(_ name: String, _ arguments: [String], in scratch: borrowing Scratch) async throws -> (
        status: Int32?, output: String
    ) {
        let log = scratch.path("\(name)-\(UUID().uuidString).log")
        let descriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let child = try ChildProcess.spawn(
            Self.repository.appendingPathComponent("scripts/\(name)").path, arguments, stdout: descriptor,
            stderrPath: log)
        let status = try await child.exitCode(within: TestDeadline.hang)
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    /// Regular files under `root`, relative to it, sorted.
    private func files(under root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(path)
            }
        }
        return found.sorted()
    }

    @Test func installsTheServiceKeepsAChangedConfigurationAndUninstallsAllButTheData() async throws {
        let scratch = try Scratch()
        let root = scratch.path("root")
        // The machine's groups, as the script reads them in the root: no audio, no gpio here.
        try FileManager.default.createDirectory(atPath: root + "/etc", withIntermediateDirectories: true)
        try "bluetooth:x:112:\ninput:x:104:\n".write(toFile: root + "/etc/group", atomically: true, encoding: .utf8)
        let arguments = ["--destdir", root, "--binary", StayfitProcess.binary.path]

        let first = try await script("install", arguments, in: scratch)
        #expect(first.status == 0, "\(first.output)")
        #expect(
            files(under: root) == [
                "etc/group", "etc/stayfit/stayfit.toml", "etc/systemd/system/stayfit.service",
                "etc/systemd/system/stayfit.service.d/groups.conf", "usr/local/bin/stayfit",
                "usr/local/share/stayfit/stayfit.toml.installed", "usr/local/share/stayfit/stayfit.toml.sample",
            ])
        #expect(try mode(root + "/usr/local/bin/stayfit") == 0o755)
        #expect(try mode(root + "/etc/systemd/system/stayfit.service") == 0o644)
        #expect(try mode(root + "/etc/systemd/system/stayfit.service.d/groups.conf") == 0o644)
        #expect(try mode(root + "/etc/stayfit/stayfit.toml") == 0o644)
        #expect(
            FileManager.default.contentsEqual(
                atPath: root + "/usr/local/bin/stayfit", andPath: StayfitProcess.binary.path))
        // Nothing found in the root: the console and reminders only, the rest commented out with the reason.
        let written = try String(contentsOfFile: root + "/etc/stayfit/stayfit.toml", encoding: .utf8)
        #expect(written.hasPrefix("# StayFit Hub's configuration, written by `stayfit setup`"), "\(written)")
        #expect(written.contains("\n# [plugins.heart-rate]\n"), "\(written)")
        // The web app is on, and its password is set once the service has made its data directory.
        #expect(written.contains("\n[plugins.web]\nlisten = \"0.0.0.0:8080\"\n"), "\(written)")
        #expect(
            first.output.contains("would run: runuser -u hub -- stayfit web password --keep-existing"),
            "\(first.output)")
        #expect(first.output.contains("Found: no Bluetooth adapter;"), "\(first.output)")
        #expect(
            FileManager.default.contentsEqual(
                atPath: root + "/usr/local/share/stayfit/stayfit.toml.sample",
                andPath: Self.repository.path + "/etc/stayfit.toml"))
        #expect(
            FileManager.default.contentsEqual(
                atPath: root + "/etc/systemd/system/stayfit.service",
                andPath: Self.repository.path + "/etc/stayfit.service"))
        let dropIn = try String(
            contentsOfFile: root + "/etc/systemd/system/stayfit.service.d/groups.conf", encoding: .utf8)
        #expect(dropIn.contains("[Service]\nSupplementaryGroups=bluetooth input\n"), "\(dropIn)")
        // Nothing outside the root: no user made, no systemctl run; said instead.
        #expect(first.output.contains("would run: useradd --system"), "\(first.output)")
        // The web app's settings pages save the configuration: its folder is the group hub's to write.
        #expect(first.output.contains("would run: chgrp hub \(root)/etc/stayfit"), "\(first.output)")
        #expect(first.output.contains("would run: chmod 0775 \(root)/etc/stayfit"), "\(first.output)")
        #expect(first.output.contains("would run: systemctl enable stayfit.service"))
        #expect(first.output.contains("journalctl -u stayfit"))
        // The installed binary runs and accepts the installed sample.
        let check = try await StayfitProcess.run(
            ["config", "check", root + "/etc/stayfit/stayfit.toml"])
        #expect(check.status == 0, "\(check.error)")

        // The person changes the configuration; a reinstall keeps it and says where the new sample is.
        let changed = try String(contentsOfFile: root + "/etc/stayfit/stayfit.toml", encoding: .utf8)
            .replacingOccurrences(of: "log-level = \"info\"", with: "log-level = \"debug\"")
        try changed.write(toFile: root + "/etc/stayfit/stayfit.toml", atomically: true, encoding: .utf8)
        let second = try await script("install", arguments, in: scratch)
        #expect(second.status == 0, "\(second.output)")
        #expect(try String(contentsOfFile: root + "/etc/stayfit/stayfit.toml", encoding: .utf8) == changed)
        #expect(second.output.contains("kept: you changed it"), "\(second.output)")

        // The hub's data, as systemd's StateDirectory= would hold it.
        try FileManager.default.createDirectory(atPath: root + "/var/lib/stayfit", withIntermediateDirectories: true)
        try "workouts".write(toFile: root + "/var/lib/stayfit/stayfit.sqlite", atomically: true, encoding: .utf8)
        let removed = try await script("uninstall", ["--destdir", root], in: scratch)
        #expect(removed.status == 0, "\(removed.output)")
        #expect(
            files(under: root) == ["etc/group", "var/lib/stayfit/stayfit.sqlite", "var/lib/stayfit/stayfit.toml.saved"])
        #expect(try String(contentsOfFile: root + "/var/lib/stayfit/stayfit.sqlite", encoding: .utf8) == "workouts")
        #expect(try String(contentsOfFile: root + "/var/lib/stayfit/stayfit.toml.saved", encoding: .utf8) == changed)
        #expect(removed.output.contains("Your data is kept in \(root)/var/lib/stayfit"), "\(removed.output)")
        #expect(removed.output.contains("would run: systemctl disable --now stayfit.service"))
    }

    @Test func anUnchangedConfigurationFollowsWhatIsFoundNowAndUninstallRemovesIt() async throws {
        let scratch = try Scratch()
        let root = scratch.path("root")
        let arguments = ["--destdir", root, "--binary", StayfitProcess.binary.path, "--no-start"]
        #expect(try await script("install", arguments, in: scratch).status == 0)
        // An older sample, installed by an earlier version and left as it was.
        let older = "# an older sample\n[plugins.console]\n"
        for path in ["/etc/stayfit/stayfit.toml", "/usr/local/share/stayfit/stayfit.toml.sample"] {
            try older.write(toFile: root + path, atomically: true, encoding: .utf8)
        }
        let again = try await script("install", arguments, in: scratch)
        #expect(again.status == 0, "\(again.output)")
        #expect(!again.output.contains("would run: systemctl restart"), "--no-start: \(again.output)")
        #expect(
            FileManager.default.contentsEqual(
                atPath: root + "/etc/stayfit/stayfit.toml",
                andPath: root + "/usr/local/share/stayfit/stayfit.toml.installed"))
        #expect(again.output.contains("updated for the devices found"), "\(again.output)")

        #expect(try await script("uninstall", ["--destdir", root], in: scratch).status == 0)
        #expect(files(under: root) == [], "only the data stays, and there is none")
    }

    @Test func aWrongOptionOrAMissingBinaryIsRefusedWithAMessage() async throws {
        let scratch = try Scratch()
        let root = scratch.path("root")
        let unknown = try await script("install", ["--destdri", root], in: scratch)
        #expect(unknown.status == 64)
        #expect(unknown.output.contains("unknown option \"--destdri\""), "\(unknown.output)")
        let missing = try await script(
            "install", ["--destdir", root, "--binary", scratch.path("nothing")], in: scratch)
        #expect(missing.status == 1)
        #expect(missing.output.contains("no executable stayfit at"), "\(missing.output)")
        #expect(files(under: root) == [], "nothing installed")
    }
}
