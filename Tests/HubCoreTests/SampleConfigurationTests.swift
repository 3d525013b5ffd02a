import Foundation
import Testing

@testable import HubCore

/// The commented sample `etc/stayfit.toml`: it must parse, and every value in it must be the default.
enum SampleConfiguration {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../etc/stayfit.toml").standardized.path
    static var exists: Bool { FileManager.default.fileExists(atPath: path) }
}

@Suite
struct SampleConfigurationTests {
    @Test func theSampleParsesAndHoldsTheDefaults() throws {
        let configuration = try HubConfiguration.load(path: SampleConfiguration.path)
        let defaults = try HubConfiguration(text: "", file: "defaults")
        #expect(configuration.logLevel == defaults.logLevel)
        #expect(configuration.workout == defaults.workout)
        for (id, table) in configuration.pluginTables {
            #expect(try FailurePolicy.read(from: table) == .standard, "plugins.\(id)")
        }
    }
}
