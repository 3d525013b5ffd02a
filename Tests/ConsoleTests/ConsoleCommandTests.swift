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
        ("today", .today), ("today week", .week), ("Today  Week", .week), ("week", .week),
    ])
    func parsesATypedLine(line: String, command: ConsoleCommand) {
        #expect(ConsoleCommand.parse(line: line) == command)
    }

    @Test(arguments: ["", "   ", "dance", "volume", "volume 101", "volume -5", "volume loud", "stopp"])
    func anUnknownLineIsNil(line: String) {
        #expect(ConsoleCommand.parse(line: line) == nil)
    }

    @Test(arguments: [
        ("start ride", ConsoleCommand.start(.ride)), ("start indoor-ride", .start(.indoorRide)),
        ("Start  Indoor Ride", .start(.indoorRide)), ("start treadmill", .start(.treadmill)),
        ("kind row", .chooseKind(.row)), ("kind indoor_ride", .chooseKind(.indoorRide)),
        ("target power 200", .target(.power(watts: 200))), ("target incline 3", .target(.incline(percent: 3))),
        ("target incline -2.5", .target(.incline(percent: -2.5))),
        ("target resistance 40", .target(.resistance(level: 40))),
        ("target speed 9", .target(.speed(metersPerSecond: 2.5))),
    ])
    func parsesAKindOrATarget(line: String, command: ConsoleCommand) {
        #expect(ConsoleCommand.parse(line: line) == command)
    }

    @Test(arguments: [
        ("done", ConsoleCommand.program(.done(repetitions: nil))), ("done 8", .program(.done(repetitions: 8))),
        ("skip", .program(.skip)), ("Easier", .program(.easier)), ("harder", .program(.harder)),
        ("program 8x400", .chooseProgram(.named("8x400"))),
        ("program  Sweet Spot", .chooseProgram(.named("Sweet Spot"))), ("program Next", .chooseProgram(.next)),
        ("person Sam", .choosePerson(.named("Sam"))), ("person  Mary Ann", .choosePerson(.named("Mary Ann"))),
        ("person next", .choosePerson(.next)),
    ])
    func parsesAProgramCommand(line: String, command: ConsoleCommand) {
        #expect(ConsoleCommand.parse(line: line) == command)
    }

    @Test func doneWithWordsForTheRepetitionsIsAMistake() {
        #expect(
            ConsoleCommand.parse(line: "done eight")
                == .mistake("done takes the repetitions made, a whole number: done 8."))
    }

    static let kinds = "run, walk, ride, indoor-ride, treadmill, row, strength, other"
    static let targets =
        "A target is one of: target power N (watts), target resistance N (level), target speed N (km/h), "
        + "target incline N (%)."

    /// A kind the hub does not know, or a target out of range, is answered with what would work, never ignored.
    @Test(arguments: [
        ("start rowboat", "\"rowboat\" is not a kind of workout; the kinds are \(Self.kinds)."),
        ("kind now", "\"now\" is not a kind of workout; the kinds are \(Self.kinds)."),
        ("target power 5000", "The power target goes from 0 to 2000 watts."),
        ("target incline 50", "The incline target goes from -10 to 40 %."),
        ("target power lots", "\"lots\" is not a number. \(Self.targets)"),
        ("target cadence 90", Self.targets),
    ])
    func aWrongKindOrTargetSaysWhatWouldDo(line: String, explanation: String) {
        #expect(ConsoleCommand.parse(line: line) == .mistake(explanation))
    }

    @Test func everyWordInTheHelpParses() {
        for entry in ConsoleCommand.words {
            for word in entry.words { #expect(ConsoleCommand.parse(line: word) == entry.command, "word \(word)") }
        }
    }

    @Test func theHelpTextsNameTheCommands() {
        #expect(ConsoleCommand.keyHelp.hasPrefix("Keys: space start / pause / resume"))
        #expect(ConsoleCommand.lineHelp.contains("previous (previous track)"))
        #expect(ConsoleCommand.lineHelp.contains("volume N (0–100)"))
        #expect(ConsoleCommand.lineHelp.contains("kind KIND (the next workout's kind: run, walk, ride, indoor-ride,"))
        #expect(ConsoleCommand.lineHelp.hasSuffix("incline % (a smart trainer or treadmill)"))
    }
}
