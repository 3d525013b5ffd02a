import Programs
import Testing

/// Files made to exhaust memory or the stack are refused with a clear message before anything large is built.
/// (How quickly is not timed here: timings live in Benchmarks/. Each case is refused by a check that runs before
/// the work it guards, which is what keeps it quick.)
@Suite struct HostileInputTests {
    @Test func aFileOfTwoMebibytesIsRefusedBeforeItIsParsed() throws {
        let text = "name = \"x\"\n" + String(repeating: "# padding\n", count: 2 * 1024 * 1024 / 10)
        let error = try refusal(toml: text)
        #expect(error.kind == .unreadable)
        #expect(error.description.contains("more than a program may have (1 MiB)"))
    }

    @Test func aNameOfTenThousandCharactersIsRefusedAndQuotedShort() throws {
        let name = String(repeating: "x", count: 10_000)
        let error = try refusal(
            toml: "name = \"\(name)\"\nkind = \"run\"\n\n[[steps]]\ninterval = \"a\"\ntime = \"1:00\"\n")
        #expect(error.kind == .tooLarge)
        #expect(error.line == 1)
        #expect(error.description.hasPrefix("test.toml:1: name: the name is 10000 characters long (\"xxxx"))
        #expect(error.description.contains("Shorten it to at most 200 characters"))
        #expect(error.description.count < 500)
    }

    @Test func aStepNameOfTenThousandCharactersIsRefused() throws {
        let name = String(repeating: "y", count: 10_000)
        let error = try refusal(toml: programWithStep("interval = \"\(name)\"\ntime = \"1:00\""))
        #expect(error.kind == .tooLarge)
        #expect(error.line == 5)
        #expect(error.step == "1")
    }

    @Test func aRepeatOfABillionIsRefusedAtItsLine() throws {
        let text = programWithStep("repeat = 1000000000\n\n[[steps.steps]]\ninterval = \"Again\"\ntime = \"1 s\"")
        let error = try refusal(toml: text)
        #expect(error.kind == .tooLarge)
        #expect(
            error.description
                == "test.toml:5: step 1, repeat: 1000000000 times is more than a block may be repeated. "
                + "Repeat at most 100 times.")
    }

    @Test func moreThanAThousandStepsWithRepeatsWrittenOutAreRefused() throws {
        // 100 × 100 × 1 = 10,000 steps from a file of a few lines.
        let text = programWithStep(
            "repeat = 100\n\n[[steps.steps]]\nrepeat = 100\n\n[[steps.steps.steps]]\ninterval = \"Again\"\ntime = \"1 s\""
        )
        let error = try refusal(toml: text)
        #expect(error.kind == .tooLarge)
        #expect(error.description.contains("more than 1000 steps by here, with repeats written out"))
    }

    @Test func aThousandAndOneStepsWrittenOneByOneAreRefusedAtTheLast() throws {
        var text = "name = \"Long\"\nkind = \"run\"\n"
        for _ in 1...1001 { text += "\n[[steps]]\ninterval = \"Again\"\ntime = \"1 s\"\n" }
        let error = try refusal(toml: text)
        #expect(error.kind == .tooLarge)
        #expect(error.step == "1001")
        // Each step takes 4 lines from line 4: step 1001's header is on line 4 + 4 × 1000.
        #expect(error.line == 4004)
    }

    @Test func exactlyAThousandStepsAreTaken() throws {
        let text = programWithStep(
            "repeat = 100\n\n[[steps.steps]]\nrepeat = 10\n\n[[steps.steps.steps]]\ninterval = \"Again\"\ntime = \"1 s\""
        )
        let program = try Program(toml: text)
        #expect(program.expandedStepCount == 1000)
    }

    @Test func repeatsNestedTenDeepAreRefusedAtTheFifth() throws {
        var text = "name = \"Deep\"\nkind = \"run\"\n"
        for depth in 1...10 {
            text += "\n[[\(Array(repeating: "steps", count: depth).joined(separator: "."))]]\nrepeat = 2\n"
        }
        text +=
            "\n[[\(Array(repeating: "steps", count: 11).joined(separator: "."))]]\ninterval = \"x\"\ntime = \"1 s\"\n"
        let error = try refusal(toml: text)
        #expect(error.kind == .tooDeep)
        #expect(error.step == "1.1.1.1.1")
        #expect(error.line == 17)
        #expect(error.description.contains("repeats nested 5 deep, more than the 4 a program may have"))
    }

    @Test func repeatsNestedFourDeepAreTaken() throws {
        var text = "name = \"Deep\"\nkind = \"run\"\n"
        for depth in 1...4 {
            text += "\n[[\(Array(repeating: "steps", count: depth).joined(separator: "."))]]\nrepeat = 2\n"
        }
        text += "\n[[steps.steps.steps.steps.steps]]\ninterval = \"x\"\ntime = \"1 s\"\n"
        let program = try Program(toml: text)
        #expect(program.expandedStepCount == 16)
        #expect(program.estimatedDuration == .seconds(16))
    }

    @Test(arguments: [
        "x = " + String(repeating: "[", count: 100_000),
        "[" + Array(repeating: "a", count: 100_000).joined(separator: ".") + "]",
        "x = " + String(repeating: "{ a = ", count: 50_000),
    ])
    func tomlNestedDeeperThanTheParserCanFollowIsRefusedBeforeParsing(text: String) throws {
        let error = try refusal(toml: "name = \"x\"\n" + text)
        #expect(error.kind == .tooDeep)
        #expect(error.line == 2)
        #expect(error.description.contains("nested more than 32 levels deep"))
    }

    @Test(arguments: ["[.]", "[[[a]]]", "x = [}", "x = [1,\u{2028}2]"])
    func tomlThatTheParserTakesForGrantedNeverComesIsRefusedBeforeParsing(text: String) throws {
        let error = try refusal(toml: "name = \"x\"\n" + text + "\n")
        #expect(error.kind == .syntax)
        #expect(error.line == 2)
    }

    @Test func aZwiftFileWithEntitiesIsRefusedBeforeTheXMLParserSeesIt() throws {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
              <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
            ]>
            <workout_file><name>&lol9;</name><workout><FreeRide Duration="60"/></workout></workout_file>
            """
        let error = try refusal(zwift: laughs)
        #expect(error.kind == .forbiddenDeclaration)
        #expect(error.line == 2)
        #expect(
            error.description
                == "test.zwo:2: the file declares <!DOCTYPE>, which no Zwift workout has. Remove the declaration: "
                + "entities are not read, since they can expand to fill memory.")
    }

    @Test func anEntityDeclaredInAnyCaseIsRefused() throws {
        let error = try refusal(zwift: "<workout_file>\n<!entity x \"y\">\n</workout_file>")
        #expect(error.kind == .forbiddenDeclaration)
        #expect(error.line == 2)
    }

    @Test func aZwiftFileOfTwoMebibytesIsRefused() throws {
        let text = "<workout_file>" + String(repeating: " ", count: 2 * 1024 * 1024) + "</workout_file>"
        let error = try refusal(zwift: text)
        #expect(error.kind == .unreadable)
        #expect(error.description.contains("1 MiB"))
    }

    @Test func zwiftElementsNestedAHundredThousandDeepAreRefusedAtTheNinth() throws {
        let text =
            "<workout_file>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
            + "</workout_file>"
        let error = try refusal(zwift: text)
        #expect(error.kind == .tooDeep)
        #expect(error.line == 1)
        #expect(error.description.contains("elements nested more than 8 deep, where a Zwift workout goes 4"))
    }

    @Test func aZwiftNameOfTenThousandCharactersIsRefused() throws {
        let name = String(repeating: "z", count: 10_000)
        let error = try refusal(
            zwift: "<workout_file><name>\(name)</name><workout><FreeRide Duration=\"60\"/></workout></workout_file>")
        #expect(error.kind == .tooLarge)
        #expect(error.description.hasPrefix("test.zwo: the name is 10000 characters long (\"zzzz"))
        #expect(error.description.count < 500)
    }

    @Test func aZwiftRepeatOfABillionIsRefused() throws {
        let text = """
            <workout_file>
                <name>Forever</name>
                <workout>
                    <IntervalsT Repeat="1000000000" OnDuration="30" OffDuration="30" OnPower="1.2" OffPower="0.5"/>
                </workout>
            </workout_file>
            """
        let error = try refusal(zwift: text)
        #expect(error.line == 4)
        #expect(error.key == "Repeat")
        #expect(error.description.contains("Write a whole number from 1 to 100"))
    }

    @Test func aZwiftWorkoutOfMoreThanAThousandStepsIsRefused() throws {
        let steps = String(
            repeating:
                "<IntervalsT Repeat=\"100\" OnDuration=\"30\" OffDuration=\"30\" OnPower=\"1.2\" OffPower=\"0.5\"/>\n",
            count: 6)
        let error = try refusal(zwift: "<workout_file><name>Many</name><workout>\n\(steps)</workout></workout_file>")
        #expect(error.kind == .tooLarge)
        #expect(error.step == "6")
    }
}
