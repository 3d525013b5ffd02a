import Foundation
import HubCore
import HubTestKit
import Share
import Testing

/// `[plugins.share]`: the templates and hashtag that were in `[reports]`, the folder and speech.
@Suite struct ShareConfigurationTests {
    static func configuration(_ text: String) throws -> SharePlugin.Configuration {
        try SharePlugin.Configuration(of: try HubConfiguration(text: "[plugins.share]\n" + text, file: "t.toml"))
    }

    @Test func theSampleConfigurationHoldsTheDefaults() throws {
        let sample = try SharePlugin.Configuration(of: try HubConfiguration.load(path: SampleConfigurationFile.path))
        #expect(sample.templates == ShareTemplates())
        #expect(sample.folder == nil)
        #expect(sample.speak == false)
    }

    @Test func withoutATableTheDefaultsApply() throws {
        let configuration = try SharePlugin.Configuration(of: try HubConfiguration(text: "", file: "t.toml"))
        #expect(configuration.templates == ShareTemplates())
        #expect((configuration.folder, configuration.speak) == (nil, false))
    }

    @Test func hashtagTemplatesFolderAndSpeechAreRead() throws {
        let configuration = try Self.configuration(
            "hashtag = \"#run\"\nshort-workout = \"{distance}!\"\nlong-stats = \"{period}.\"\nfolder = \"/srv/share\"\n"
                + "speak = true\nenabled = false\non-failure = \"ignore\"\n")
        #expect(configuration.templates.hashtag == "#run")
        #expect(configuration.templates.shortWorkout == "{distance}!")
        #expect(configuration.templates.longStats == "{period}.")
        #expect(configuration.templates.longWorkout == ShareTemplates.defaultLongWorkout)
        #expect(configuration.folder == "/srv/share")
        #expect(configuration.speak)
    }

    @Test(arguments: [
        ("hashtag = \"two words\"", "one word"),
        ("long-stats = \"{period} {distanse}\"", "unknown placeholder {distanse}"),
        ("short-workout = \"{period}\"", "unknown placeholder {period}"), ("colour = 1", "unknown key"),
        ("speak = \"yes\"", "plugins.share.speak"),
        ("folder = \"~/shared\"", "starts with ~, which the hub does not expand"),
    ])
    func mistakesNameTheKeyAndTheFix(line: String, words: String) {
        #expect {
            try Self.configuration(line + "\n")
        } throws: { error in
            "\(error)".contains(words) && "\(error)".contains("t.toml:2") && "\(error)".contains("plugins.share.")
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
            try HubConfiguration(
                text: "[reports]\nunits = \"metric\"\n\(line)\n", file: "t.toml",
                movedSettings: SharePlugin.movedSettings)
        }
        #expect((error.kind, error.key, error.line) == (.unknownKey, "reports.\(key)", 3))
        #expect(
            error.description
                == "t.toml:3: reports.\(key): the share text's settings have moved from [reports] to [plugins.share]. "
                + "Move the line \(key) = … under a [plugins.share] table, or delete it when that table sets it "
                + "already ([reports] keeps only units; the sample configuration shows the share text's keys).")
    }
}
