import HubCore
import Testing

@Suite struct ConfigSourceTests {
    static let text = """
        # StayFit Hub
        [hub]
        log-level = "info"  # the default
        # heart-rate-timeout-seconds = 99

        [ workout ]
        "resume-within-minutes" = 10
        notes = \"\"\"
        fake = 1
        [fake]
        \"\"\"
        list = [
          "a # not a comment",
          ["nested", "]"],  # ] in a comment
        ]
        after = 1
        one-line = \"\"\"closed on its line\"\"\"
        next = 2

        [plugins.simulator]
        when-done = 'quit'
        site.name = "home"
        [plugins."voice-coach"]
        voice = "en"
        literal = '''
        hidden = 2
        '''
        last = true
        [[plugins.share.target]]
        url = "https://example.org"
        """

    let source = ConfigSource(file: "stayfit.toml", text: Self.text)

    @Test(arguments: [
        (["hub"], 2),
        (["hub", "log-level"], 3),
        (["workout"], 6),
        (["workout", "resume-within-minutes"], 7),
        (["workout", "notes"], 8),
        (["workout", "list"], 12),
        (["workout", "after"], 16),
        (["workout", "one-line"], 17),
        (["workout", "next"], 18),
        (["plugins", "simulator"], 20),
        (["plugins", "simulator", "when-done"], 21),
        (["plugins", "simulator", "site", "name"], 22),
        (["plugins", "voice-coach"], 23),
        (["plugins", "voice-coach", "voice"], 24),
        (["plugins", "voice-coach", "literal"], 25),
        (["plugins", "voice-coach", "last"], 28),
        (["plugins", "share", "target"], 29),
        (["plugins", "share", "target", "url"], 30),
    ])
    func findsTheLineOfEachKeyAndTableHeader(keyPath: [String], line: Int) {
        #expect(source.line(of: keyPath) == line)
    }

    @Test func aKeyThatIsNotSetFallsBackToItsTableHeader() {
        #expect(source.line(of: ["plugins", "simulator", "speed"]) == 20)
    }

    @Test func aTableMadeOnlyByADottedKeyOrAHeaderIsOnTheLineThatMakesIt() {
        // `site.name = "home"` makes the table `site`; `[plugins.simulator]` makes `plugins`.
        #expect(source.line(of: ["plugins", "simulator", "site"]) == 22)
        #expect(source.line(of: ["plugins"]) == 20)
        // A header of its own comes later: that is where the table is.
        #expect(ConfigSource(file: "stayfit.toml", text: "# x\n[a.b.c]\n[a]\n").line(of: ["a"]) == 3)
        #expect(ConfigSource(file: "stayfit.toml", text: "# x\n[a.b.c]\n").line(of: ["a", "b"]) == 2)
    }

    @Test func commentedOutKeysAreNotFound() {
        // Line 4 only mentions the key in a comment: the error points at the [hub] header instead.
        #expect(source.line(of: ["hub", "heart-rate-timeout-seconds"]) == 2)
    }

    @Test func linesInsideMultiLineStringsAreNotKeys() {
        #expect(source.line(of: ["workout", "fake"]) == 6)
        #expect(source.line(of: ["fake"]) == nil)
        #expect(source.line(of: ["plugins", "voice-coach", "hidden"]) == 23)
    }

    @Test func aKeyOutsideAnyTableWithoutALineIsNil() {
        #expect(source.line(of: ["nowhere"]) == nil)
        #expect(source.line(of: []) == nil)
        #expect(ConfigSource(file: "empty", text: "").line(of: ["hub"]) == nil)
    }

    @Test
    func findsQuotedKeysThatContainDotsOrEquals() {
        let source = ConfigSource(
            file: "stayfit.toml",
            text: """
                [plugins.share]
                "example.org" = "token"
                "a=b" = 1
                """)
        #expect(source.line(of: ["plugins", "share", "example.org"]) == 2)
        #expect(source.line(of: ["plugins", "share", "a=b"]) == 3)
    }
}
