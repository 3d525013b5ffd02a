import Foundation
import HubCore
import Testing

@Suite struct ReportSettingsTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../etc/stayfit.toml").standardized.path

    @Test func theSampleConfigurationHoldsTheDefaults() throws {
        #expect(try HubConfiguration.load(path: Self.sample).reports == ReportSettings())
    }

    @Test func unitsAreRead() throws {
        let configuration = try HubConfiguration(text: "[reports]\nunits = \"imperial\"\n", file: "t")
        #expect(configuration.reports.units == .imperial)
    }

    @Test(arguments: [("units = \"furlongs\"", "reports.units"), ("colour = 1", "unknown key")])
    func mistakesNameTheKeyAndTheFix(line: String, words: String) {
        #expect {
            try HubConfiguration(text: "[reports]\n\(line)\n", file: "t.toml")
        } throws: { error in
            "\(error)".contains(words) && "\(error)".contains("t.toml:2")
        }
    }

    /// The share text's keys were in `[reports]` until the share plugin took them: a file that still has them
    /// there is told where they went, not read as before nor ignored.
    @Test(arguments: [
        "hashtag = \"#run\"", "short-workout = \"{distance}!\"", "long-workout = \"{time}\"",
        "short-stats = \"{period}\"", "long-stats = \"{period}\"",
    ])
    func aShareKeyLeftInReportsSaysItMovedToThePluginTable(line: String) throws {
        let key = String(line.prefix { $0 != " " })
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[reports]\nunits = \"metric\"\n\(line)\n", file: "t.toml")
        }
        #expect((error.kind, error.key, error.line) == (.invalidValue, "reports.\(key)", 3))
        #expect(
            error.description
                == "t.toml:3: reports.\(key): the share text's settings have moved from [reports] to [plugins.share]. "
                + "Move the line \(key) = … under a [plugins.share] table, or delete it when that table sets it "
                + "already ([reports] keeps only units; the sample configuration shows the share text's keys).")
    }
}
