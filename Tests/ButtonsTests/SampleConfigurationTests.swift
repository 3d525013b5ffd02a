import HubCore
import HubTestKit
import Testing

@testable import Buttons

/// The commented `[plugins.buttons]` block of `etc/stayfit.toml` must parse and hold the defaults.
@Suite struct SampleConfigurationTests {
    @Test func theSampleButtonsTableHoldsTheDefaults() throws {
        let table = try SampleConfigurationFile.commentedOutTable(ButtonsPlugin.id)
        let sample = try ButtonsPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        #expect(table.contains("on-failure") && table.contains("restart-max-delay-seconds"))
        // `devices` has no default: the sample names the gpio-key overlay's devices.
        let defaults = try ButtonsPlugin.Configuration(
            .empty(keyPath: ["plugins", "buttons"]), devices: ["button@*"])
        #expect(sample.devices == defaults.devices)
        #expect(sample.grab == defaults.grab)
        #expect(sample.timing == defaults.timing)
        #expect(sample.gpio == nil)
        #expect(sample.mapping == KeyMapping.standard)
        #expect(defaults.mapping == KeyMapping.standard)
    }
}
