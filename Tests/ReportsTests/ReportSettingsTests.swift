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
}
