import Foundation
import HubCore
import Testing

@Suite struct ReportSettingsTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../etc/stayfit.toml").standardized.path

    @Test func theSampleConfigurationHoldsTheDefaults() throws {
        #expect(try HubConfiguration.load(path: Self.sample).reports == ReportSettings())
    }

    @Test func unitsHashtagAndTemplatesAreRead() throws {
        let configuration = try HubConfiguration(
            text: "[reports]\nunits = \"imperial\"\nhashtag = \"#run\"\nshort-workout = \"{distance}!\"\n", file: "t")
        #expect(configuration.reports.units == .imperial)
        #expect(configuration.reports.hashtag == "#run")
        #expect(configuration.reports.shortWorkout == "{distance}!")
    }

    @Test(arguments: [
        ("units = \"furlongs\"", "reports.units"), ("hashtag = \"two words\"", "one word"),
        ("long-stats = \"{period} {distanse}\"", "unknown placeholder {distanse}"),
        ("short-workout = \"{period}\"", "unknown placeholder {period}"), ("colour = 1", "unknown key"),
    ])
    func mistakesNameTheKeyAndTheFix(line: String, words: String) {
        #expect {
            try HubConfiguration(text: "[reports]\n\(line)\n", file: "t.toml")
        } throws: { error in
            "\(error)".contains(words) && "\(error)".contains("t.toml:2")
        }
    }
}
