import Console
import Foundation
import HubCore
import Testing

/// `[plugins.console]` in the sample `etc/stayfit.toml` holds the defaults.
@Suite
struct ConsoleSampleConfigurationTests {
    @Test func theSampleConsoleSettingsAreTheDefaults() throws {
        let configuration = try HubConfiguration.load(path: ConsoleSample.path)
        let table = configuration.pluginTables["console"] ?? .empty(keyPath: ["plugins", "console"])
        let sample = try ConsolePlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        let defaults = try ConsolePlugin.Configuration(.empty(keyPath: ["plugins", "console"]))
        #expect(sample.mode == defaults.mode)
        #expect(sample.progressEverySeconds == defaults.progressEverySeconds)
    }
}

@Suite struct ConsoleConfigurationTests {
    static func table(_ text: String) throws -> ConfigTable {
        try #require(
            try HubConfiguration(text: "[plugins.console]\n" + text, file: "stayfit.toml").pluginTables["console"])
    }

    @Test func defaultsToAutomaticModeAndAProgressLineAMinute() throws {
        let configuration = try ConsolePlugin.Configuration(try Self.table(""))
        #expect(configuration.mode == .auto)
        #expect(configuration.progressEverySeconds == 60)
    }

    @Test func readsItsSettings() throws {
        let configuration = try ConsolePlugin.Configuration(
            try Self.table("mode = \"lines\"\nprogress-every-seconds = 0"))
        #expect(configuration.mode == .lines)
        #expect(configuration.progressEverySeconds == 0)
    }

    @Test(arguments: [
        ("mode = \"tty\"", ConfigurationError.Kind.invalidValue, "plugins.console.mode"),
        ("progress-every-seconds = -1", .outOfRange, "plugins.console.progress-every-seconds"),
        ("progress-every-seconds = \"often\"", .wrongType, "plugins.console.progress-every-seconds"),
    ])
    func aBadSettingIsAnErrorOnItsKey(text: String, kind: ConfigurationError.Kind, key: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try ConsolePlugin.Configuration(try Self.table(text))
        }
        #expect((error.kind, error.key, error.line) == (kind, key, 2))
    }
}

enum ConsoleSample {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../etc/stayfit.toml").standardized.path
    static var exists: Bool { FileManager.default.fileExists(atPath: path) }
}
