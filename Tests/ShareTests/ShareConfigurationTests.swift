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
}
