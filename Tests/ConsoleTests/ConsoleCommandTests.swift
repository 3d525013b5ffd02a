import Console
import HubCore
import Testing

@Suite struct ConsoleCommandTests {
    @Test(
        arguments: [
            (" ", ConsoleCommand.workout(.toggle)), ("\r", .workout(.toggle)), ("\n", .workout(.toggle)),
            ("s", .workout(.stop)), ("S", .workout(.stop)),
            ("l", .workout(.lap)), ("L", .workout(.lap)),
            ("n", .music(.next)), ("p", .music(.previous)), ("m", .music(.playPause)),
            ("+", .music(.volumeUp)), ("=", .music(.volumeUp)), ("-", .music(.volumeDown)), ("_", .music(.volumeDown)),
            ("r", .music(.shuffle)), ("R", .music(.shuffle)),
            ("h", .help), ("?", .help), ("q", .quit), ("Q", .quit),
        ] as [(Character, ConsoleCommand)])
    func eachKeyHasItsCommand(key: Character, command: ConsoleCommand) throws {
        #expect(ConsoleCommand.forKey(try #require(key.asciiValue)) == command)
    }

    // Ctrl-C (3) is not a key command: raw mode keeps ISIG, so it arrives as SIGINT and shuts down gracefully.
    @Test(arguments: ["x", "0", "\t", "\u{1B}", "\u{3}"] as [Character])
    func otherKeysDoNothing(key: Character) throws {
        #expect(ConsoleCommand.forKey(try #require(key.asciiValue)) == nil)
    }

    @Test func everyKeyInTheHelpDoesWhatTheHelpSays() throws {
        for entry in ConsoleCommand.keys {
            let byte = try #require(entry.key == "space" ? UInt8(ascii: " ") : entry.key.utf8.first)
            #expect(ConsoleCommand.forKey(byte) == entry.command, "key \(entry.key)")
        }
    }

    @Test(arguments: [
        ("start", ConsoleCommand.workout(.start)), ("pause", .workout(.pause)), ("resume", .workout(.resume)),
        ("toggle", .workout(.toggle)), ("stop", .workout(.stop)), ("lap", .workout(.lap)),
        ("next", .music(.next)), ("previous", .music(.previous)), ("prev", .music(.previous)),
        ("play", .music(.playPause)), ("music", .music(.playPause)),
        ("louder", .music(.volumeUp)), ("volume up", .music(.volumeUp)), ("VOL+", .music(.volumeUp)),
        ("quieter", .music(.volumeDown)), ("  Volume   Down ", .music(.volumeDown)), ("vol-", .music(.volumeDown)),
        ("volume 40", .music(.setVolume(percent: 40))), ("volume 0", .music(.setVolume(percent: 0))),
        ("volume 100", .music(.setVolume(percent: 100))),
        ("status", .status), ("help", .help), ("?", .help), ("quit", .quit), ("Exit", .quit),
    ])
    func parsesATypedLine(line: String, command: ConsoleCommand) {
        #expect(ConsoleCommand.parse(line: line) == command)
    }

    @Test(arguments: ["", "   ", "dance", "start now", "volume", "volume 101", "volume -5", "volume loud", "stopp"])
    func anUnknownLineIsNil(line: String) {
        #expect(ConsoleCommand.parse(line: line) == nil)
    }

    @Test func everyWordInTheHelpParses() {
        for entry in ConsoleCommand.words {
            for word in entry.words { #expect(ConsoleCommand.parse(line: word) == entry.command, "word \(word)") }
        }
    }

    @Test func theHelpTextsNameTheCommands() {
        #expect(ConsoleCommand.keyHelp.hasPrefix("Keys: space start / pause / resume"))
        #expect(ConsoleCommand.lineHelp.contains("previous (previous track)"))
        #expect(ConsoleCommand.lineHelp.hasSuffix("volume N (0–100)"))
    }
}
