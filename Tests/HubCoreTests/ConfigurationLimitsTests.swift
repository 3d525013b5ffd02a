import Foundation
import HubCore
import HubTestKit
import Testing

/// What a careless or hostile configuration file must not do: fill memory, flood the terminal with a value,
/// or write escape sequences to it.
@Suite struct ConfigurationLimitsTests {
    @Test func anEndlessDeviceIsRefusedUnread() throws {
        let error = try #require(throws: ConfigurationError.self) { try HubConfiguration.load(path: "/dev/zero") }
        #expect(error.kind == .unreadable)
        #expect(error.problem == "the configuration file is a device, not a regular file")
    }

    @Test func aFileOverAMebibyteIsRefusedBeforeItIsRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("big.toml").path
        try Data(count: HubConfiguration.largestFile + 1).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: ConfigurationError.self) { try HubConfiguration.load(path: path) }
        #expect(error.kind == .unreadable)
        #expect(error.problem == "the configuration file is larger than 1 MiB, the most this file may be")
    }

    @Test func aFileOfExactlyTheLimitIsReadAndOneByteMoreIsNot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("small.txt").path
        let text = String(repeating: "a", count: 999) + "\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try TextFile.read(path, limit: 1_000) == text)
        #expect(throws: TextFile.Failure.tooLarge(limit: 999)) { try TextFile.read(path, limit: 999) }
    }

    @Test func aDirectoryIsRefusedAsSuch() throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration.load(path: directory.url.path)
        }
        #expect(error.kind == .unreadable)
        #expect(error.problem == "the configuration file is a directory, not a file")
    }

    @Test func aHugeValueIsEchoedShort() throws {
        let value = String(repeating: "x", count: 100_000)
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[hub]\nlog-level = \"\(value)\"\n", file: "stayfit.toml")
        }
        #expect(error.line == 2)
        #expect(
            error.description.hasPrefix(
                "stayfit.toml:2: hub.log-level: \"" + String(repeating: "x", count: 59) + "… is not one of"))
        #expect(error.description.count < 400)
    }

    @Test func aHugeListIsEchoedShort() throws {
        let items = Array(repeating: "1", count: 10_000).joined(separator: ", ")
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[workout]\nresume-within-minutes = [\(items)]\n", file: "stayfit.toml")
        }
        #expect(error.kind == .wrongType)
        #expect(error.description.count < 400)
    }

    @Test func controlCharactersInAKeyOrValueAreEscaped() throws {
        // A value with one is refused before it is read (ConfigControlCharacterTests); the message shows the escape.
        let value = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[hub]\nlog-level = \"\\u001B[2Jloud\"\n", file: "stayfit.toml")
        }
        #expect(value.description.contains("the escape \\u001B in a string makes a control character"))
        #expect(!value.description.contains("\u{1B}"))

        let key = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[hub]\n\"\\u001B]0;owned\\u0007\" = 1\n", file: "stayfit.toml")
        }
        #expect(key.kind == .unknownKey)
        #expect(key.description.contains(": hub.\\u{1B}]0;owned\\u{7}: unknown key"))
        #expect(!key.description.contains("\u{1B}") && !key.description.contains("\u{7}"))
    }

    @Test func anOverlongKeyIsCutShort() throws {
        let name = String(repeating: "k", count: 10_000)
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "\(name) = 1\n", file: "stayfit.toml")
        }
        #expect(error.description.hasPrefix("stayfit.toml:1: " + String(repeating: "k", count: 80) + "…: unknown key"))
        #expect(error.description.count < 600)
    }

    @Test func aFileWithWindowsLineEndingsPointsAtTheRightLine() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(
                text: "# saved on Windows\r\n[hub]\r\nlog-level = \"info\"\r\nlog-levle = \"debug\"\r\n",
                file: "stayfit.toml")
        }
        #expect(error.kind == .unknownKey)
        #expect(error.line == 4)
        #expect(
            try HubConfiguration(text: "[hub]\r\nlog-level = \"warning\"\r\n", file: "stayfit.toml").logLevel
                == .warning)
    }
}
