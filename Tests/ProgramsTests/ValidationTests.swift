import Programs
import Testing

/// Every mistake is named with its line, step and key, and says how to fix it.
@Suite struct ValidationTests {
    @Test func aProgramWithoutStepsIsRefused() throws {
        let error = try refusal(toml: "name = \"Nothing\"\nkind = \"run\"\n")
        #expect(error.kind == .missing)
        #expect(
            error.description == "test.toml: the program has no steps. Add at least one step: a [[steps]] table with "
                + "exercise = \"…\", interval = \"…\" or repeat = N.")
    }

    @Test func aMissingNameIsRefused() throws {
        let error = try refusal(toml: "kind = \"run\"\n\n[[steps]]\ninterval = \"Run\"\ntime = \"5:00\"\n")
        #expect(error.kind == .missing)
        #expect(error.key == "name")
        #expect(error.description.hasPrefix("test.toml: name: the program has no name. Give it one: name = "))
    }

    @Test(arguments: ["\"\"", "\"   \""])
    func anEmptyNameIsRefusedOnItsLine(name: String) throws {
        let error = try refusal(
            toml: "kind = \"run\"\nname = \(name)\n\n[[steps]]\ninterval = \"Run\"\ntime = \"5:00\"\n")
        #expect(error.kind == .missing)
        #expect(error.description.hasPrefix("test.toml:2: name: the program has an empty name. Give it one"))
    }

    @Test func aStepWithoutANameIsRefusedOnItsLine() throws {
        let error = try refusal(toml: programWithStep("interval = \"\"\ntime = \"5:00\""))
        #expect(error.line == 5)
        #expect(error.description.hasPrefix("test.toml:5: step 1, interval: the interval has an empty name."))
    }

    @Test func aStepThatIsNothingIsRefusedOnItsHeader() throws {
        let error = try refusal(toml: programWithStep("time = \"5:00\""))
        #expect(error.line == 4)
        #expect(error.step == "1")
        #expect(error.description.contains("the step is neither an exercise, an interval nor a repeat"))
    }

    @Test func zeroSetsAreRefused() throws {
        let error = try refusal(toml: programWithStep("exercise = \"Squat\"\nsets = 0\nreps = 5"))
        #expect(error.kind == .invalidValue)
        #expect(
            error.description
                == "test.toml:6: step 1, sets: 0 sets is out of range. Write from 1 to 100, e.g. sets = 3.")
    }

    @Test func zeroRepsAreRefused() throws {
        let error = try refusal(toml: programWithStep("exercise = \"Squat\"\nsets = 5\nreps = 0"))
        #expect(
            error.description
                == "test.toml:7: step 1, reps: 0 repetitions is out of range. Write from 1 to 1000, e.g. reps = 10.")
    }

    @Test func aNegativeTimeIsRefused() throws {
        let error = try refusal(toml: programWithStep("interval = \"Run\"\ntime = \"-1:30\""))
        #expect(
            error.description
                == "test.toml:6: step 1, time: \"-1:30\" is negative, and a time cannot be. Write minutes and seconds "
                + "in quotes, e.g. time = \"1:30\", or seconds, e.g. time = \"45 s\".")
    }

    @Test(arguments: ["soon", "1:75", "1:3", "1.5 min", ""])
    func anUnreadableRestIsRefused(rest: String) throws {
        let error = try refusal(toml: programWithStep("exercise = \"Squat\"\nreps = 5\nrest = \"\(rest)\""))
        #expect(error.line == 7)
        #expect(error.key == "rest")
        #expect(error.description.contains("step 1, rest: \"\(rest)\" is not a time. Write minutes and seconds"))
    }

    @Test func aTimeOfNothingIsRefused() throws {
        let error = try refusal(toml: programWithStep("interval = \"Run\"\ntime = \"0:00\""))
        #expect(error.description.hasPrefix("test.toml:6: step 1, time: a time of \"0:00\" is no time at all."))
    }

    @Test func aTimeWrittenAsANumberIsRefusedWithTheQuotedForm() throws {
        let error = try refusal(toml: programWithStep("interval = \"Run\"\ntime = 90"))
        #expect(error.kind == .wrongType)
        #expect(error.description.contains("step 1, time: expected a time in quotes, found a whole number (90)"))
    }

    @Test(arguments: [
        ("ftp = 0", "target.ftp", "0 % of FTP is not a power to hold"),
        ("ftp = 0.75", "target.ftp", "0.75 % of FTP is not a power to hold"),
        ("ftp = 301", "target.ftp", "301 % of FTP is not a power to hold"),
        ("ftp-from = 0, ftp-to = 75", "target.ftp-from", "0 % of FTP is not a power to hold"),
        ("ftp-from = 50, ftp-to = 500", "target.ftp-to", "500 % of FTP is not a power to hold"),
        ("power = 0", "target.power", "0 W is not a power to hold"),
        ("power = 3001", "target.power", "3001 W is not a power to hold"),
    ])
    func anAbsurdPowerIsRefused(target: String, key: String, problem: String) throws {
        let error = try refusal(toml: programWithStep("interval = \"Hard\"\ntime = \"4:00\"\ntarget = { \(target) }"))
        #expect(error.line == 7)
        #expect(error.key == key)
        #expect(error.description.hasPrefix("test.toml:7: step 1, \(key): \(problem). "))
    }

    @Test func twoIntensitiesInOneTargetAreRefused() throws {
        let error = try refusal(
            toml: programWithStep("interval = \"Hard\"\ntime = \"4:00\"\ntarget = { pace = \"4:00 /km\", power = 300 }")
        )
        #expect(error.description.contains("the target has both pace and power"))
    }

    @Test func anUnknownKindIsRefusedWithTheKinds() throws {
        let error = try refusal(
            toml: "name = \"Laps\"\nkind = \"swim\"\n\n[[steps]]\ninterval = \"Swim\"\ntime = \"5:00\"\n")
        #expect(error.kind == .invalidValue)
        #expect(
            error.description
                == "test.toml:2: kind: \"swim\" is not a kind of workout; the kinds are run, walk, ride, indoor-ride, "
                + "treadmill, row, strength, other. Write one of them, e.g. kind = \"indoor-ride\".")
    }

    @Test func anUnknownKeyInAStepIsRefusedWithTheKeysThereAre() throws {
        let error = try refusal(toml: programWithStep("interval = \"Run\"\ntme = \"5:00\""))
        #expect(error.kind == .unknownKey)
        #expect(
            error.description
                == "test.toml:6: step 1, tme: an interval has no key \"tme\". Check the spelling; the keys of an "
                + "interval are interval, role, time, distance, target, instructions, messages.")
    }

    @Test func anUnknownKeyOfTheProgramIsRefused() throws {
        let error = try refusal(
            toml: "name = \"x\"\nkind = \"run\"\nauthor = \"me\"\n\n[[steps]]\ninterval = \"Run\"\ntime = \"5:00\"\n")
        #expect(error.description.hasPrefix("test.toml:3: author: a program has no key \"author\"."))
    }

    @Test func anUnknownKeyInANestedStepNamesTheNestedStep() throws {
        let text = """
            name = "x"
            kind = "run"

            [[steps]]
            interval = "Warm-up"
            time = "5:00"

            [[steps]]
            repeat = 2

            [[steps.steps]]
            interval = "Hard"
            time = "1:00"

            [[steps.steps]]
            interval = "Easy"
            time = "1:00"
            target = { zone = 2, cadense = 90 }
            """
        let error = try refusal(toml: text)
        #expect(error.line == 18)
        #expect(error.step == "2.2")
        #expect(error.key == "target.cadense")
        #expect(error.description.hasPrefix("test.toml:18: step 2.2, target.cadense: a target has no key \"cadense\"."))
    }

    @Test func anExerciseWithBothRepsAndTimeIsRefused() throws {
        let error = try refusal(toml: programWithStep("exercise = \"Plank\"\nreps = 5\ntime = \"0:30\""))
        #expect(error.description.contains("the exercise has both reps and time"))
    }

    @Test func aNumberInQuotesIsRefusedAsTheWrongType() throws {
        let error = try refusal(toml: programWithStep("exercise = \"Squat\"\nreps = \"10\""))
        #expect(error.kind == .wrongType)
        #expect(
            error.description.hasPrefix(
                "test.toml:6: step 1, reps: expected a whole number, e.g. reps = 10, found a string (\"10\")."))
    }

    @Test func aRepeatOfNothingIsRefused() throws {
        let error = try refusal(toml: programWithStep("repeat = 0"))
        #expect(error.description.hasPrefix("test.toml:5: step 1, repeat: 0 times is no repeat."))
        let empty = try refusal(toml: programWithStep("repeat = 3"))
        #expect(empty.description.contains("the repeat has no steps"))
        #expect(empty.description.contains("[[steps.steps]]"))
    }

    @Test func invalidTOMLIsRefusedWithItsLine() throws {
        let error = try refusal(toml: "name = \"x\"\nkind = \"run\"\nsteps = [\n")
        #expect(error.kind == .syntax)
        #expect(error.line != nil)
        #expect(error.description.contains("not valid TOML"))
    }

    @Test func aNulByteIsRefusedWithItsLine() throws {
        let error = try refusal(toml: "name = \"x\"\nkind = \"run\"\u{0}\n")
        #expect(error.kind == .unreadable)
        #expect(error.line == 2)
    }
}
