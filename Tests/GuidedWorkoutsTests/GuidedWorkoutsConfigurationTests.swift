import GuidedWorkouts
import HubCore
import Testing

@Suite struct GuidedWorkoutsConfigurationTests {
    static func table(_ text: String) throws -> ConfigTable {
        try #require(
            try HubConfiguration(text: "[plugins.programs]\n" + text, file: "stayfit.toml").pluginTables["programs"])
    }

    @Test func anEmptyTableHasNoFTPNoMaximumHeartRateAndNoProgram() throws {
        let configuration = try GuidedWorkoutsPlugin.Configuration(try Self.table(""))
        #expect(configuration.ftpWatts == nil)
        #expect(configuration.maxHeartRate == nil)
        #expect(configuration.program == nil)
    }

    @Test func zeroIsNone() throws {
        let configuration = try GuidedWorkoutsPlugin.Configuration(try Self.table("ftp = 0\nmax-heart-rate = 0"))
        #expect(configuration.ftpWatts == nil)
        #expect(configuration.maxHeartRate == nil)
    }

    @Test func readsItsSettings() throws {
        let configuration = try GuidedWorkoutsPlugin.Configuration(
            try Self.table("ftp = 230\nmax-heart-rate = 185\nprogram = \"run-8x400\""))
        #expect(configuration.ftpWatts == 230)
        #expect(configuration.maxHeartRate == 185)
        #expect(configuration.program == "run-8x400")
    }

    @Test(arguments: [
        ("ftp = 5", ConfigurationError.Kind.invalidValue, "plugins.programs.ftp"),
        ("ftp = -1", .outOfRange, "plugins.programs.ftp"),
        ("max-heart-rate = 60", .invalidValue, "plugins.programs.max-heart-rate"),
        ("max-heart-rate = 300", .outOfRange, "plugins.programs.max-heart-rate"),
        ("ftp = \"high\"", .wrongType, "plugins.programs.ftp"),
    ])
    func aBadSettingIsAnErrorOnItsKey(text: String, kind: ConfigurationError.Kind, key: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try GuidedWorkoutsPlugin.Configuration(try Self.table(text))
        }
        #expect((error.kind, error.key, error.line) == (kind, key, 2))
    }
}
