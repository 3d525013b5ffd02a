import HubCore
import HubTestKit
import Simulator
import Testing

/// `[plugins.simulator]` in the sample `etc/stayfit.toml` holds the defaults.
@Suite
struct SimulatorSampleConfigurationTests {
    @Test func theSampleSimulatorSettingsAreTheDefaults() throws {
        // The sample leaves the simulator off with its table commented out: read that table as if uncommented.
        let table = try SampleConfigurationFile.commentedOutTable(SimulatorPlugin.id)
        let sample = try SimulatorPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        let defaults = try SimulatorPlugin.Configuration(.empty(keyPath: ["plugins", "simulator"]))
        let sameTrack = sample.track == defaults.track  // compared outside #expect: a failure would print both tracks
        #expect(sameTrack, "the sample plays \(sample.track.count) s, the default \(defaults.track.count) s")
        #expect(sample.source == defaults.source)
        #expect(sample.whenDone == defaults.whenDone)
        #expect(sample.workout == defaults.workout)
    }
}
