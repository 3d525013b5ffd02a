import Foundation
import HubCore
import HubTestKit
import Testing

/// A configuration file with one mistake, and where the error must point.
struct BadConfiguration: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var kind: ConfigurationError.Kind
    var line: Int
    var key: String?
    var testDescription: String { name }

    static let all: [BadConfiguration] = [
        .init(name: "TOML syntax", text: "[hub]\nlog-level = \"info\"\nbroken =\n", kind: .syntax, line: 3, key: nil),
        .init(name: "unclosed table header", text: "# StayFit\n[workout\n", kind: .syntax, line: 2, key: nil),
        .init(
            name: "unknown top-level key", text: "# StayFit\n\ncolour = \"blue\"\n", kind: .unknownKey, line: 3,
            key: "colour"),
        .init(
            name: "unknown top-level table", text: "[hub]\n[music]\nvolume = 3\n", kind: .unknownKey, line: 2,
            key: "music"),
        .init(
            name: "unknown key in [hub]", text: "[hub]\nlog-level = \"debug\"\nlog-levle = \"info\"\n",
            kind: .unknownKey,
            line: 3, key: "hub.log-levle"),
        .init(
            name: "unknown key in [workout]",
            text: "[hub]\n\n[workout]\nresume-within-minutes = 5\nheart-rate-timout-seconds = 3\n", kind: .unknownKey,
            line: 5,
            key: "workout.heart-rate-timout-seconds"),
        .init(
            name: "string for a whole number", text: "[workout]\nresume-within-minutes = \"ten\"\n", kind: .wrongType,
            line: 2,
            key: "workout.resume-within-minutes"),
        .init(
            name: "fraction for a whole number", text: "[workout]\n\nresume-within-minutes = 1.5\n", kind: .wrongType,
            line: 3,
            key: "workout.resume-within-minutes"),
        .init(
            name: "number for a choice", text: "[hub]\nlog-level = 3\n", kind: .wrongType, line: 2, key: "hub.log-level"
        ),
        .init(name: "value for a table", text: "# hub settings\nhub = 3\n", kind: .wrongType, line: 2, key: "hub"),
        .init(
            name: "below the range", text: "[workout]\n# seconds\nheart-rate-timeout-seconds = 0\n", kind: .outOfRange,
            line: 3,
            key: "workout.heart-rate-timeout-seconds"),
        .init(
            name: "above the range", text: "[workout]\nresume-within-minutes = 1441\n", kind: .outOfRange, line: 2,
            key: "workout.resume-within-minutes"),
        .init(
            name: "not one of the choices", text: "[hub]\nlog-level = \"loud\"\n", kind: .invalidValue, line: 2,
            key: "hub.log-level"),
        .init(
            name: "unknown table named only in a header", text: "# StayFit\n[plugin.simulator]\n", kind: .unknownKey,
            line: 2, key: "plugin"),
        .init(
            name: "unknown table named only in a dotted key", text: "# StayFit\n\nplugin.simulator.file = \"a.csv\"\n",
            kind: .unknownKey, line: 3, key: "plugin"),
        // The parser would stop at the NUL, and the unknown table after it would go unseen.
        .init(
            name: "NUL byte", text: "[hub]\nlog-level = \"info\"\0\n[bogus]\n", kind: .unreadable, line: 2, key: nil),
        .init(
            name: "tables nested 10 000 deep",
            text: "# StayFit\n[" + Array(repeating: "a", count: 10_000).joined(separator: ".") + "]\n", kind: .tooDeep,
            line: 2, key: nil),
        .init(
            name: "a dotted key 10 000 deep",
            text: "[hub]\n" + Array(repeating: "a", count: 10_000).joined(separator: ".") + " = 1\n", kind: .tooDeep,
            line: 2, key: nil),
        .init(
            name: "lists nested 10 000 deep",
            text: "[hub]\n\nx = [\n" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
                + "]\n", kind: .tooDeep, line: 4, key: nil),
        .init(
            name: "inline tables nested 10 000 deep",
            text: "x = " + String(repeating: "{ a = ", count: 10_000) + "1" + String(repeating: " }", count: 10_000),
            kind: .tooDeep, line: 1, key: nil),
    ]
}

@Suite struct HubConfigurationTests {
    @Test(arguments: BadConfiguration.all)
    func aBadFileIsAnErrorNamingKindLineAndKey(_ bad: BadConfiguration) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: bad.text, file: "etc/stayfit.toml")
        }
        #expect(error.kind == bad.kind)
        #expect(error.line == bad.line)
        #expect(error.key == bad.key)
        #expect(error.file == "etc/stayfit.toml")
        #expect(error.description.hasPrefix("etc/stayfit.toml:\(bad.line): " + (bad.key.map { "\($0): " } ?? "")))
        #expect(!error.problem.isEmpty && !error.fix.isEmpty)
    }

    @Test func anEmptyFileGivesTheDefaults() throws {
        let configuration = try HubConfiguration(text: "", file: "empty.toml")
        #expect(configuration.logLevel == .info)
        #expect(configuration.workout == WorkoutSettings(resumeWithin: .seconds(600), heartRateTimeout: .seconds(5)))
        #expect(configuration.pluginTables.isEmpty)
        #expect(configuration.source.file == "empty.toml")
    }

    @Test func readsHubAndWorkoutSettings() throws {
        let configuration = try HubConfiguration(
            text: """
                [hub]
                log-level = "debug"

                [workout]
                resume-within-minutes = 0
                heart-rate-timeout-seconds = 60
                """, file: "stayfit.toml")
        #expect(configuration.logLevel == .debug)
        #expect(configuration.workout == WorkoutSettings(resumeWithin: .zero, heartRateTimeout: .seconds(60)))
    }

    @Test func readsSpeedSourcesAndAutoPause() throws {
        let configuration = try HubConfiguration(
            text: """
                [workout]
                auto-pause = ["ride", "indoor ride"]
                auto-pause-after-seconds = 8

                [workout.speed-sources]
                indoor-ride = ["machine", "wheel"]
                """, file: "stayfit.toml")
        let workout = configuration.workout
        #expect(workout.autoPauseKinds == [.ride, .indoorRide])
        #expect(workout.autoPauseAfter == .seconds(8))
        #expect(workout.speedSources(for: .indoorRide) == [.machine, .wheel])
        // The kinds left out keep their defaults.
        #expect(workout.speedSources(for: .treadmill) == [.machine, .footPod])
        #expect(workout.speedSources(for: .run) == [.gps, .footPod])
        #expect(workout.speedSources(for: .row) == [.machine])
    }

    @Test(arguments: [
        ("[workout]\nauto-pause = [\"strength\"]\n", "workout.auto-pause", "no movement"),
        ("[workout]\nauto-pause = [\"swim\"]\n", "workout.auto-pause", "run, walk, ride, indoor-ride"),
        (
            "[workout.speed-sources]\nindoor-ride = [\"wheel\", \"radar\"]\n", "workout.speed-sources.indoor-ride",
            "\"gps\", \"wheel\", \"foot-pod\", \"machine\""
        ),
        ("[workout.speed-sources]\nspin = [\"wheel\"]\n", "workout.speed-sources.spin", "indoor-ride"),
    ])
    func aBadAutoPauseOrSpeedSourceNamesTheKeyAndListsWhatIsKnown(text: String, key: String, listed: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: text, file: "stayfit.toml")
        }
        #expect(error.key == key)
        #expect(error.line == 2)
        #expect(error.description.contains(listed), "\(error)")
    }

    @Test func aPluginIsEnabledByItsTableEvenWhenEmpty() throws {
        var configuration = try HubConfiguration(
            text: """
                [plugins.simulator]
                speed = 2
                [plugins.console]
                """, file: "stayfit.toml")
        #expect(Set(configuration.pluginTables.keys) == ["simulator", "console"])
        #expect(configuration.pluginTables["simulator"]?.keyPath == ["plugins", "simulator"])
        #expect(configuration.pluginTables["simulator"]?.keys == ["speed"])

        configuration.enable("simulator")
        configuration.enable("music")
        #expect(Set(configuration.pluginTables.keys) == ["simulator", "console", "music"])
        // Enabling a configured plugin keeps its table.
        #expect(configuration.pluginTables["simulator"]?.keys == ["speed"])
    }

    /// A setting a plugin took over from elsewhere in the file: a file that still has it at its old place is told
    /// where it went, not ignored (which would, say, keep the heart-rate log for ever behind the person's back).
    @Test func aMovedSettingSaysWhereItWent() throws {
        let moved = [MovedSetting(from: ["old-log"], problem: "the log moved to [plugins.log]", fix: "Rename it.")]
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(
                text: "[hub]\n\n[old-log]\nkeep-days = 30\n", file: "stayfit.toml", movedSettings: moved)
        }
        #expect(error.kind == .unknownKey)
        #expect(error.line == 3)
        #expect(error.key == "old-log")
        #expect(error.description == "stayfit.toml:3: old-log: the log moved to [plugins.log]. Rename it.")
        // Without the plugin that took it, it is just an unknown table.
        let unknown = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[hub]\n\n[old-log]\nkeep-days = 30\n", file: "stayfit.toml")
        }
        #expect(unknown.problem != error.problem)
    }

    /// Two moved settings: the one higher up in the file is named, as any other first mistake would be; a key in a
    /// table that stays (`[reports] hashtag`) is found as well as a whole table.
    @Test func ofTwoMovedSettingsTheFirstInTheFileIsNamed() throws {
        let moved = [
            MovedSetting(from: ["reports", "hashtag"], problem: "p", fix: "f"),
            MovedSetting(from: ["old-log"], problem: "p", fix: "f"),
        ]
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(
                text: "[reports]\nhashtag = \"#x\"\n\n[old-log]\nkeep-days = 3\n", file: "s.toml", movedSettings: moved)
        }
        #expect((error.key, error.line) == ("reports.hashtag", 2))
        let later = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(
                text: "[old-log]\nkeep-days = 3\n[reports]\nhashtag = \"#x\"\n", file: "s.toml", movedSettings: moved)
        }
        #expect((later.key, later.line) == ("old-log", 1))
        // The same name elsewhere is not the moved setting.
        #expect(throws: Never.self) {
            try HubConfiguration(text: "[plugins.share]\nhashtag = \"#x\"\n", file: "s.toml", movedSettings: moved)
        }
    }

    @Test func aMissingFileIsUnreadable() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration.load(path: "/nonexistent/stayfit.toml")
        }
        #expect(error.kind == .unreadable)
        #expect(error.line == nil)
        #expect(error.description.hasPrefix("/nonexistent/stayfit.toml: "))
        #expect(error.problem.contains("does not exist"))
    }

    @Test func devNullIsAnEmptyConfiguration() throws {
        let configuration = try HubConfiguration.load(path: "/dev/null")
        #expect(configuration.logLevel == .info)
        #expect(configuration.pluginTables.isEmpty)
    }

    @Test func aFileThatIsNotUTF8IsUnreadable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("latin1.toml").path
        try Data([0x23, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: path))  // "# é" in Latin-1
        let error = try #require(throws: ConfigurationError.self) { try HubConfiguration.load(path: path) }
        #expect(error.kind == .unreadable)
        #expect(error.problem.contains("not UTF-8"))
    }

    @Test func loadsAFileFromDisk() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("stayfit.toml").path
        try "[hub]\nlog-level = \"warning\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = try HubConfiguration.load(path: path)
        #expect(configuration.logLevel == .warning)
        #expect(configuration.source.file == path)
    }

    @Test func theExitStatusIsExConfig() {
        #expect(ConfigurationError.exitCode == 78)
    }
}
