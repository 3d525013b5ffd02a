import Foundation
import HubCore
import Simulator
import Testing

/// `[plugins.simulator]` in the sample `etc/stayfit.toml` holds the defaults.
@Suite
struct SimulatorSampleConfigurationTests {
    @Test func theSampleSimulatorSettingsAreTheDefaults() throws {
        let text = try String(contentsOfFile: SimulatorSample.path, encoding: .utf8)
        // The sample leaves the simulator off with its table commented out: read that table as if uncommented.
        let table = try #require(
            try HubConfiguration(text: SimulatorSample.uncommentedSimulatorTable(in: text) ?? text, file: SimulatorSample.path)
                .pluginTables["simulator"] ?? .empty(keyPath: ["plugins", "simulator"]))
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

enum SimulatorSample {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../etc/stayfit.toml").standardized.path
    static var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// The `# [plugins.simulator]` block of `text` with one level of `# ` taken off each line, or nil if the
    /// table is not commented out.
    static func uncommentedSimulatorTable(in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "# [plugins.simulator]" }) else {
            return nil
        }
        let block = lines[header...].prefix { $0.hasPrefix("#") }.map { $0.hasPrefix("# ") ? $0.dropFirst(2) : $0.dropFirst() }
        #expect(block.count > 1, "the commented-out table has keys")
        return block.joined(separator: "\n")
    }
}
