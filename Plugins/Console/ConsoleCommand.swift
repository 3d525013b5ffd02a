import HubCore

/// What a key press or a typed line asks for.
public enum ConsoleCommand: Equatable, Sendable {
    case workout(WorkoutCommand.Action)
    /// `start ride`: start a workout of this kind.
    case start(WorkoutKind)
    /// `kind ride`: the kind of the next workout started without one.
    case chooseKind(WorkoutKind)
    /// `target power 200`: ask the fitness machine to hold a target.
    case target(MachineTarget.Target)
    /// `program 8x400` (an id or a name): the program the next workout follows.
    case chooseProgram(ChooseProgram.Choice)
    /// `done`, `done 8`, `skip`, `easier`, `harder`: to the program under way.
    case program(ProgramCommand.Action)
    /// `person Sam` (or `person next`): whose the next workout is.
    case choosePerson(ChoosePerson.Choice)
    /// A line that names a command but not in a way it can be done (`start rowboat`): what is wrong, and the fix.
    case mistake(String)
    case music(MusicCommand.Action)
    case status, help, quit
    /// "Today you ate 1360 of 1837 calories: 477 left.": the calories plugin says it.
    case today
    /// "Over the last 7 days you ate on average 1850 of 2000 calories a day.": the calories plugin says it.
    case week
    /// "Status now": the hub answers with one sentence, said by the voice coach and printed here.
    case statusNow

    /// Single keys in interactive mode.
    public static let keys: [(key: String, command: ConsoleCommand, help: String)] = [
        ("space", .workout(.toggle), "start / pause / resume"),
        ("s", .workout(.stop), "stop and save the workout"),
        ("l", .workout(.lap), "lap"),
        ("n", .music(.next), "next track"),
        ("p", .music(.previous), "previous track"),
        ("m", .music(.playPause), "music play / pause"),
        ("+", .music(.volumeUp), "louder"),
        ("-", .music(.volumeDown), "quieter"),
        ("r", .music(.shuffle), "shuffle the playlist"),
        ("i", .statusNow, "status now"),
        ("h", .help, "this help"),
        ("q", .quit, "quit the hub"),
    ]

    /// The command for a key byte, or nil for a key that does nothing.
    public static func forKey(_ byte: UInt8) -> ConsoleCommand? {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"): .workout(.toggle)
        case UInt8(ascii: "s"), UInt8(ascii: "S"): .workout(.stop)
        case UInt8(ascii: "l"), UInt8(ascii: "L"): .workout(.lap)
        case UInt8(ascii: "n"), UInt8(ascii: "N"): .music(.next)
        case UInt8(ascii: "p"), UInt8(ascii: "P"): .music(.previous)
        case UInt8(ascii: "m"), UInt8(ascii: "M"): .music(.playPause)
        case UInt8(ascii: "+"), UInt8(ascii: "="): .music(.volumeUp)
        case UInt8(ascii: "-"), UInt8(ascii: "_"): .music(.volumeDown)
        case UInt8(ascii: "r"), UInt8(ascii: "R"): .music(.shuffle)
        case UInt8(ascii: "i"), UInt8(ascii: "I"): .statusNow
        case UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "?"): .help
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): .quit
        default: nil
        }
    }

    /// Typed commands in line mode (a pipe, a service), with the words that mean the same.
    public static let words: [(words: [String], command: ConsoleCommand, help: String)] = [
        (["start"], .workout(.start), "start a workout; start KIND starts one of that kind, e.g. start indoor-ride"),
        (["pause"], .workout(.pause), "pause it"),
        (["resume"], .workout(.resume), "resume it"),
        (["toggle"], .workout(.toggle), "start, pause or resume, whichever fits"),
        (["stop"], .workout(.stop), "stop and save it"),
        (["lap"], .workout(.lap), "close a lap"),
        (["next"], .music(.next), "next track"),
        (["previous", "prev"], .music(.previous), "previous track"),
        (["play", "music"], .music(.playPause), "music play / pause"),
        (["louder", "volume up", "vol+"], .music(.volumeUp), "louder"),
        (["quieter", "volume down", "vol-"], .music(.volumeDown), "quieter"),
        (["shuffle"], .music(.shuffle), "shuffle the playlist"),
        (["done"], .program(.done(repetitions: nil)), "the set is done (done 8: with 8 reps), or the step"),
        (["skip"], .program(.skip), "the program's next step"),
        (["easier"], .program(.easier), "the program's targets 5 % easier"),
        (["harder"], .program(.harder), "the program's targets 5 % harder"),
        (["status"], .status, "print the current workout"),
        (["status now", "now"], .statusNow, "the hub's state in one sentence, as the voice says it"),
        (["today"], .today, "what you ate today, what is left and your weight, said"),
        (["today week", "week"], .week, "what you ate a day over the last 7 days and how your weight went, said"),
        (["help", "?"], .help, "this list"),
        (["quit", "exit"], .quit, "quit the hub"),
    ]

    /// Parses a typed line; nil for an unknown command.
    public static func parse(line: String) -> ConsoleCommand? {
        let words = line.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if words.hasPrefix("volume "), let percent = Int(words.dropFirst(7)), (0...100).contains(percent) {
            return .music(.setVolume(percent: percent))
        }
        if let command = Self.words.first(where: { $0.words.contains(words) })?.command { return command }
        if words.hasPrefix("done ") {
            guard let reps = Int(words.dropFirst(5)), (0...1000).contains(reps) else {
                return .mistake("done takes the repetitions made, a whole number: done 8.")
            }
            return .program(.done(repetitions: reps))
        }
        if words.hasPrefix("person ") {
            let name = line.split(whereSeparator: \.isWhitespace).dropFirst().joined(separator: " ")
            return .choosePerson(name.lowercased() == "next" ? .next : .named(name))
        }
        if words.hasPrefix("program ") {
            let name = line.split(whereSeparator: \.isWhitespace).dropFirst().joined(separator: " ")
            return .chooseProgram(name.lowercased() == "next" ? .next : .named(name))
        }
        for (prefix, make) in [("start ", ConsoleCommand.start), ("kind ", ConsoleCommand.chooseKind)]
        where words.hasPrefix(prefix) {
            do {
                return make(try WorkoutKind(parsing: String(words.dropFirst(prefix.count))))
            } catch {
                return .mistake("\(error).")
            }
        }
        if words.hasPrefix("target ") { return MachineTargetWords.parse(String(words.dropFirst(7))) }
        return nil
    }

    /// The key help shown in interactive mode.
    public static var keyHelp: String {
        "Keys: " + keys.map { "\($0.key) \($0.help)" }.joined(separator: " · ")
    }

    /// The command list shown in line mode.
    public static var lineHelp: String {
        "Commands: " + words.map { "\($0.words[0]) (\($0.help))" }.joined(separator: ", ")
            + ", volume N (0–100), kind KIND (the next workout's kind: \(WorkoutKind.known.map(\.rawValue).joined(separator: ", "))), "
            + "program ID or NAME (or program next: the program the next workout follows), "
            + "person NAME (or person next: whose the next workout is), "
            + "target power W / resistance N / speed KM/H / incline % (a smart trainer or treadmill)"
    }
}
