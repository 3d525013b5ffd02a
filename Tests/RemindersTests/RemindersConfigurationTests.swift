import Foundation
import HubCore
import HubTestKit
import Reminders
import Testing

/// `[plugins.reminders]`: the sample holds the defaults, and a bad value names its line.
@Suite struct RemindersConfigurationTests {
    static func table(_ text: String) throws -> ConfigTable {
        try #require(
            try HubConfiguration(text: "[plugins.reminders]\n" + text, file: "stayfit.toml").pluginTables["reminders"])
    }

    @Test func theSampleSettingsAreTheDefaults() throws {
        let table = try SampleConfigurationFile.commentedOutTable("reminders")
        let sample = try RemindersPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        let defaults = try RemindersPlugin.Configuration(.empty(keyPath: ["plugins", "reminders"]))
        #expect(sample.timeZone == defaults.timeZone)
        #expect(defaults.timeZone == TimeZone.current)
        #expect(sample.mentionMissedWithin == defaults.mentionMissedWithin)
        #expect(defaults.mentionMissedWithin == 24 * 3600)
        #expect(sample.clockSyncWait == defaults.clockSyncWait)
        #expect(defaults.clockSyncWait == .seconds(600))
    }

    @Test func readsANamedTimeZone() throws {
        let configuration = try RemindersPlugin.Configuration(try Self.table("time-zone = \"Asia/Tokyo\""))
        #expect(configuration.timeZone.identifier == "Asia/Tokyo")
    }

    @Test(arguments: [
        ("time-zone = \"Mars/Olympus\"", "plugins.reminders.time-zone", "is not a time zone"),
        ("mention-missed-within-hours = 1000", "plugins.reminders.mention-missed-within-hours", "out of range"),
        ("clock-sync-wait-minutes = -1", "plugins.reminders.clock-sync-wait-minutes", "out of range"),
    ])
    func aBadValueNamesItsKeyAndLine(text: String, key: String, problem: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try RemindersPlugin.Configuration(try Self.table(text))
        }
        #expect(error.description.hasPrefix("stayfit.toml:2: \(key): "), "\(error)")
        #expect(error.description.contains(problem), "\(error)")
    }
}
