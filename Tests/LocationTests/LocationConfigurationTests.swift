import Foundation
import HubCore
import Testing

@testable import Location

@Suite struct LocationConfigurationTests {
    static func table(_ text: String) throws -> ConfigTable {
        try #require(
            try HubConfiguration(text: "[plugins.location]\n" + text, file: "stayfit.toml").pluginTables["location"])
    }

    @Test func defaultsToTheLocalGpsd() throws {
        let configuration = try LocationPlugin.Configuration(try Self.table(""))
        #expect(configuration == LocationPlugin.Configuration())
        #expect(configuration.host == "127.0.0.1" && configuration.port == 2947)
    }

    @Test func autoPauseIsOffUnlessTurnedOnWithItsThresholds() throws {
        #expect(try LocationPlugin.Configuration(try Self.table("")).autoPause == nil)
        let on = try LocationPlugin.Configuration(try Self.table("auto-pause = true"))
        #expect(on.autoPause == AutoPause.Settings(speed: 1, delay: 3))
        let tuned = try LocationPlugin.Configuration(
            try Self.table("auto-pause = true\nauto-pause-speed = 0.6\nauto-pause-after-seconds = 10"))
        #expect(tuned.autoPause == AutoPause.Settings(speed: 0.6, delay: 10))
    }

    @Test func theSampleTableCommentedOutHoldsTheDefaults() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../etc/stayfit.toml").standardized.path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "# [plugins.location]\n").last)
        let keys = section.split(separator: "\n").filter { !$0.hasPrefix("# #") && $0.hasPrefix("# ") }
            .map { $0.dropFirst(2) }.joined(separator: "\n")
        let table = try Self.table(keys)
        let sample = try LocationPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        #expect(sample == LocationPlugin.Configuration())
    }

    @Test(arguments: [
        ("host = \"gps.local\"", ConfigurationError.Kind.invalidValue, "plugins.location.host"),
        ("port = 0", .outOfRange, "plugins.location.port"),
        ("maximum-error-meters = 1", .outOfRange, "plugins.location.maximum-error-meters"),
        ("stationary-speed = \"slow\"", .wrongType, "plugins.location.stationary-speed"),
        ("auto-pause = \"yes\"", .wrongType, "plugins.location.auto-pause"),
        ("auto-pause-speed = 9", .outOfRange, "plugins.location.auto-pause-speed"),
        // Checked while auto-pause is off too, so that turning it on later cannot fail.
        ("auto-pause-after-seconds = 0", .outOfRange, "plugins.location.auto-pause-after-seconds"),
    ])
    func aBadSettingIsAnErrorOnItsKey(text: String, kind: ConfigurationError.Kind, key: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try LocationPlugin.Configuration(try Self.table(text))
        }
        #expect((error.kind, error.key, error.line) == (kind, key, 2))
    }
}
