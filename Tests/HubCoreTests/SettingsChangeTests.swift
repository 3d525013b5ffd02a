import Foundation
import Logging
import Testing
import UnixSignals

@testable import HubCore

/// A front end's settings request, answered by the configuration service: the file read, a change written with its
/// comments kept and taken as a reload; anything wrong refused with the file's own words and nothing changed.
@Suite struct SettingsChangeTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)").path
    let text = "# The greeter\n[plugins.greeter]\ngreeting = \"hey\"   # mine\n\n[plugins.silent]\n"

    private func reloader(path: String?) async throws -> ConfigurationReloader {
        let registry = PluginRegistry([GreeterPlugin.self, SilentPlugin.self])
        let file = ConfigurationFile(path: path)
        let bus = MessageBus()
        let configuration = try file.load()
        return ConfigurationReloader(
            configuration: ConfigurationSnapshot(
                configuration, enabled: try registry.enabledTables(in: configuration)),
            file: file, bus: bus, registry: registry, slots: [:],
            context: { _ in PluginContext(bus: bus, storage: (), logger: Logger(label: "test"), clock: SystemClock()) },
            speed: 1, notifier: SystemdNotifier(environment: [:]), logger: Logger(label: "test"),
            signals: await UnixSignalsSequence(trapping: .sighup))
    }

    private func writeFile() throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/stayfit.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aReadGivesTheFilesValuesAndItsVersion() async throws {
        let path = try writeFile()
        let reloader = try await reloader(path: path)
        let (answer, _) = reloader.answer(.read("greeter"), current: ConfigurationSnapshot(pluginTables: [:]))
        let settings = try answer.get()
        #expect(settings.values == [["greeting"]: .string("hey")])
        #expect(settings.value(of: settings.fields[1]) == .integer(1), "a key not in the file takes its default")
        #expect(settings.isEnabled && settings.file == path)
        #expect(settings.version == ConfigurationReloader.version(of: text))
    }

    @Test func aChangeIsWrittenWithTheCommentsAndTakenAsAReloadWould() async throws {
        let path = try writeFile()
        let reloader = try await reloader(path: path)
        let before = ConfigurationSnapshot(pluginTables: ["greeter": ["greeting": .string("hey")], "silent": [:]])
        let version = ConfigurationReloader.version(of: text)
        let (answer, after) = reloader.answer(
            .change("greeter", values: [["repeats"]: .integer(3), ["greeting"]: .string("hi")], version: version),
            current: before)
        #expect(try answer.get().values == [["greeting"]: .string("hi"), ["repeats"]: .integer(3)])
        #expect(
            try read(path)
                == "# The greeter\n[plugins.greeter]\ngreeting = \"hi\"   # mine\nrepeats = 3\n\n[plugins.silent]\n")
        #expect(after.pluginTables["greeter"] == ["greeting": .string("hi"), "repeats": .integer(3)])
    }

    @Test func aValueThePluginRefusesChangesNothing() async throws {
        let path = try writeFile()
        let reloader = try await reloader(path: path)
        let before = ConfigurationSnapshot(pluginTables: ["greeter": ["greeting": .string("hey")]])
        let (answer, after) = reloader.answer(
            .change("greeter", values: [["repeats"]: .integer(11)], version: ConfigurationReloader.version(of: text)),
            current: before)
        #expect(throws: SettingsRefusal.self) { try answer.get() }
        if case .failure(let refusal) = answer {
            #expect(refusal.description.contains("plugins.greeter.repeats"), "\(refusal)")
            #expect(refusal.description.contains("Not saved"), "\(refusal)")
        }
        #expect(try read(path) == text)
        #expect(after == before)
        // No file left beside it either.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stayfit.toml"])
    }

    @Test func aFileEditedSinceThePageReadItIsNotOverwritten() async throws {
        let path = try writeFile()
        let reloader = try await reloader(path: path)
        let old = ConfigurationReloader.version(of: text)
        let edited = text + "# a note\n"
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let (answer, _) = reloader.answer(
            .change("greeter", values: [["repeats"]: .integer(2)], version: old),
            current: ConfigurationSnapshot(pluginTables: [:]))
        guard case .failure(let refusal) = answer else {
            Issue.record("a stale page's change was taken")
            return
        }
        #expect(refusal.description.contains("changed since this page was read"), "\(refusal)")
        #expect(try read(path) == edited)
    }

    @Test func withoutAFileOrWithoutSettingsThereIsNothingToChange() async throws {
        let builtIn = try await reloader(path: nil)
        let (noFile, _) = builtIn.answer(.read("greeter"), current: ConfigurationSnapshot(pluginTables: [:]))
        #expect(throws: SettingsRefusal.self) { try noFile.get() }
        if case .failure(let refusal) = noFile { #expect(refusal.description.contains("--config FILE")) }

        let reloader = try await reloader(path: try writeFile())
        let (none, _) = reloader.answer(.read("silent"), current: ConfigurationSnapshot(pluginTables: [:]))
        #expect(throws: SettingsRefusal.self) { try none.get() }
    }

    @Test func aFileWrittenWithAByteOrderMarkWindowsLineEndsAndDottedKeysTakesANewKey() async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/stayfit.toml"
        let written = "\u{FEFF}[plugins]\r\ngreeter.greeting = \"hey\" # mine\r\n\r\n[plugins.silent]\r\n"
        try Data(written.utf8).write(to: URL(fileURLWithPath: path))
        let reloader = try await reloader(path: path)
        let (answer, after) = reloader.answer(
            .change(
                "greeter", values: [["repeats"]: .integer(3)], version: ConfigurationReloader.version(of: written)),
            current: ConfigurationSnapshot(pluginTables: [:]))
        let values: [[String]: ConfigValue] = [["greeting"]: .string("hey"), ["repeats"]: .integer(3)]
        #expect(try answer.get().values == values)
        let saved = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(
            saved
                == "\u{FEFF}[plugins]\r\ngreeter.greeting = \"hey\" # mine\r\ngreeter.repeats = 3\r\n\r\n[plugins.silent]\r\n"
        )
        let taken: [String: ConfigValue] = ["greeting": .string("hey"), "repeats": .integer(3)]
        #expect(after.pluginTables["greeter"] == taken)
    }
}

extension GreeterPlugin {
    static var settings: [SettingField] {
        [
            SettingField(["greeting"], "Greeting", help: "", kind: .text(longest: 20), default: .string("hello")),
            SettingField(["repeats"], "Repeats", help: "", kind: .whole(1...10, unit: ""), default: .integer(1)),
        ]
    }
}
