import HeartRateLog
import HubCore
import HubTestKit
import Testing

@Suite struct HeartRateLogConfigurationTests {
    private func table(_ values: [String: ConfigValue]) -> ConfigTable {
        ConfigTable(
            values: values, keyPath: ["plugins", "heart-rate-log"],
            source: ConfigSource(file: "stayfit.toml", text: ""))
    }

    @Test func keepsEverythingByDefault() throws {
        #expect(try HeartRateLogPlugin.Configuration(table([:])).retention == nil)
        #expect(try HeartRateLogPlugin.Configuration(table(["keep-days": .integer(0)])).retention == nil)
    }

    @Test func keepDaysIsWholeDays() throws {
        // 30 days × 86,400 s.
        let configuration = try HeartRateLogPlugin.Configuration(table(["keep-days": .integer(30)]))
        #expect(configuration.retention == .seconds(2_592_000))
    }

    @Test(arguments: [-1, 36_501])
    func rejectsKeepDaysOutsideZeroTo36500(_ days: Int) {
        #expect {
            try HeartRateLogPlugin.Configuration(table(["keep-days": .integer(days)]))
        } throws: { error in
            (error as? ConfigurationError)?.key == "plugins.heart-rate-log.keep-days"
        }
    }

    /// The log is part of what the hub does out of the box: a file without its table logs as before the log became
    /// a plugin, and `enabled = false` switches it off.
    @Test func runsWithoutATableUnlessSwitchedOff() throws {
        let registry = PluginRegistry([HeartRateLogPlugin.self])
        let none = try HubConfiguration(text: "", file: "stayfit.toml")
        #expect(try registry.enabledTables(in: none).keys.map(\.rawValue) == ["heart-rate-log"])
        let off = try HubConfiguration(text: "[plugins.heart-rate-log]\nenabled = false\n", file: "stayfit.toml")
        #expect(try registry.enabledTables(in: off).isEmpty)
    }

    @Test func theSampleTableHoldsTheDefaults() throws {
        let sample = try HubConfiguration.load(path: SampleConfigurationFile.path)
        let table = try #require(sample.pluginTables["heart-rate-log"])
        #expect(try HeartRateLogPlugin.Configuration(table) == HeartRateLogPlugin.Configuration())
        try table.rejectUnknownKeys()
    }

    /// `[heart-rate-log]` moved into the plugin's table: a file that still has it is told where, not ignored (which
    /// would keep the log for ever behind the person's back).
    @Test func theOldTableSaysWhereItMoved() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(
                text: "[hub]\n\n[heart-rate-log]\nkeep-days = 30\n", file: "stayfit.toml",
                movedSettings: PluginRegistry([HeartRateLogPlugin.self]).movedSettings)
        }
        #expect((error.kind, error.line, error.key) == (.unknownKey, 3, "heart-rate-log"))
        #expect(
            error.description
                == "stayfit.toml:3: heart-rate-log: the heart-rate log's settings moved to [plugins.heart-rate-log] "
                + "(the log is a plugin now). Rename [heart-rate-log] to [plugins.heart-rate-log] (keep-days stays as "
                + "it is), or delete it when the file has a [plugins.heart-rate-log] table already.")
    }
}
