import Testing

@testable import HubCore

/// The settings pages' edit of the configuration file: the key's value changes, every other byte stays.
@Suite struct TOMLKeyEditTests {
    let music = ["plugins", "music"]

    private func set(_ key: [String], _ value: ConfigValue, in table: [String], _ text: String) throws -> String {
        try TOMLKeyEdit(text: text).setting(key, to: value, in: table).text
    }

    @Test func aValueChangesOnItsLineAndItsCommentStays() throws {
        let text = """
            # My hub
            [plugins.music]
            volume   =   70   # loud enough
            shuffle = false

            [plugins.voice-coach]
            volume = 100
            """
        let edited = try set(["volume"], .integer(55), in: music, text)
        #expect(
            edited == """
                # My hub
                [plugins.music]
                volume   =   55   # loud enough
                shuffle = false

                [plugins.voice-coach]
                volume = 100
                """)
        // The voice coach's `volume` is another key.
        #expect(try set(["volume"], .integer(80), in: ["plugins", "voice-coach"], text).hasSuffix("volume = 80"))
    }

    @Test func aKeyNotInTheFileGoesAfterItsTablesLastKey() throws {
        let text = "[plugins.music]\nvolume = 70 # x\n\n# The coach\n[plugins.voice-coach]\n"
        #expect(
            try set(["shuffle"], .boolean(true), in: music, text)
                == "[plugins.music]\nvolume = 70 # x\nshuffle = true\n\n# The coach\n[plugins.voice-coach]\n")
        #expect(
            try set(["shuffle"], .boolean(true), in: music, "[plugins.music] # on\n\n[hub]\n")
                == "[plugins.music] # on\nshuffle = true\n\n[hub]\n")
    }

    @Test func aTableNotInTheFileIsAddedAtItsEnd() throws {
        #expect(
            try set(["rate"], .integer(200), in: ["plugins", "voice-coach"], "[hub]\nlog-level = \"info\"\n")
                == "[hub]\nlog-level = \"info\"\n\n[plugins.voice-coach]\nrate = 200\n")
        #expect(
            try set(["rate"], .integer(200), in: ["plugins", "voice-coach"], "")
                == "[plugins.voice-coach]\nrate = 200\n")
    }

    @Test func aKeyOfAnInnerTableIsFoundWhereverItIsWritten() throws {
        let headed = "[plugins.music]\nvolume = 70\n[plugins.music.playlists]\nrun = \"/a.m3u\" # runs\n"
        #expect(
            try set(["playlists", "run"], .string("/b.m3u"), in: music, headed)
                == "[plugins.music]\nvolume = 70\n[plugins.music.playlists]\nrun = \"/b.m3u\" # runs\n")
        let dotted = "[plugins.music]\nplaylists.run = \"/a.m3u\"\n"
        #expect(
            try set(["playlists", "run"], .string("/b.m3u"), in: music, dotted)
                == "[plugins.music]\nplaylists.run = \"/b.m3u\"\n")
        #expect(
            try set(["playlists", "row"], .string("/r.m3u"), in: music, dotted)
                == "[plugins.music]\nplaylists.run = \"/a.m3u\"\nplaylists.row = \"/r.m3u\"\n")
    }

    @Test func linesInsideAMultiLineValueAreNotKeys() throws {
        let text = """
            [plugins.share]
            long-workout = \"\"\"
            volume = 3
            \"\"\"
            [plugins.music]
            list = [
              "volume = 4",
            ]
            """
        #expect(try set(["volume"], .integer(9), in: music, text) == text + "\nvolume = 9")
    }

    @Test func aValueOverSeveralLinesIsLeftToTheFile() {
        let text = "[plugins.voice-coach]\nfigures = \"\"\"\ntime\n\"\"\"\n"
        #expect(throws: TOMLKeyEdit.Failure.valueOnSeveralLines(key: "plugins.voice-coach.figures", line: 2)) {
            try TOMLKeyEdit(text: text).setting(["figures"], to: .string("time"), in: ["plugins", "voice-coach"])
        }
    }

    @Test func stringsAreEscapedAndAHashInsideOneIsNoComment() throws {
        let text = "[plugins.music]\nplaylist = \"/m/#1 \\\"best\\\".m3u\" # mine\n"
        let edited = try set(["playlist"], .string("/m/a\"b\\c\t.m3u"), in: music, text)
        #expect(edited == "[plugins.music]\nplaylist = \"/m/a\\\"b\\\\c\\t.m3u\" # mine\n")
        let parsed = try HubConfiguration(text: edited, file: "t.toml")
        #expect(parsed.pluginTables["music"].map { try? $0.string("playlist", default: "") } == "/m/a\"b\\c\t.m3u")
    }

    @Test func windowsLineEndingsStay() throws {
        #expect(
            try set(["volume"], .integer(5), in: music, "[plugins.music]\r\nvolume = 7\r\n# end\r\n")
                == "[plugins.music]\r\nvolume = 5\r\n# end\r\n")
    }

    @Test func literalsAreWhatTOMLReadsBack() throws {
        #expect(TOMLKeyEdit.literal(.float(1)) == "1.0")
        #expect(TOMLKeyEdit.literal(.float(0.25)) == "0.25")
        #expect(TOMLKeyEdit.literal(.float(.nan)) == nil)
        #expect(TOMLKeyEdit.literal(.array([])) == nil)
        // The file refuses control characters (a setting takes none), but the escape is still the right one.
        #expect(TOMLKeyEdit.literal(.string("\u{1}\u{7F}")) == "\"\\u0001\\u007F\"")
        for value in [
            ConfigValue.float(1), .float(0.1), .float(1e20), .integer(-3), .boolean(false), .string("é😀 \"#\""),
        ] {
            let text = try set(["x"], value, in: ["plugins", "t"], "")
            #expect(try HubConfiguration(text: text, file: "t.toml").pluginTables["t"]?.values["x"] == value, "\(text)")
        }
    }

    @Test func aNewKeyOfATableMadeByDottedKeysIsWrittenAsThoseAre() throws {
        let text = "[plugins]\nmusic.volume = 70 # loud\n\n[plugins.web]\n"
        let edited = try set(["shuffle"], .boolean(true), in: music, text)
        #expect(edited == "[plugins]\nmusic.volume = 70 # loud\nmusic.shuffle = true\n\n[plugins.web]\n")
        #expect(
            try HubConfiguration(text: edited, file: "t.toml").pluginTables["music"]?.values["shuffle"]
                == .boolean(true))
    }

    @Test func aNewKeyOfAnInnerTableGoesUnderThatTablesOwnHeader() throws {
        let text = "[plugins.music.playlists]\nrun = \"/r.m3u\"\n\n[plugins.music]\nvolume = 70\n"
        let edited = try set(["playlists", "walk"], .string("/w.m3u"), in: music, text)
        #expect(
            edited == "[plugins.music.playlists]\nrun = \"/r.m3u\"\nwalk = \"/w.m3u\"\n\n[plugins.music]\nvolume = 70\n"
        )
        #expect(try HubConfiguration(text: edited, file: "t.toml").pluginTables["music"] != nil)
    }

    @Test func aTableWrittenOnOneLineIsLeftToTheFileWithItsLine() {
        let text = "# Music\n[plugins]\nmusic = { volume = 70 }\n"
        for key in [["volume"], ["shuffle"]] {
            #expect(
                throws: TOMLKeyEdit.Failure.tableOnOneLine(
                    key: "plugins.music.\(key[0])", table: "plugins.music", line: 3)
            ) {
                try set(key, .integer(5), in: music, text)
            }
        }
    }

    @Test func aByteOrderMarkBeforeTheFirstHeaderDoesNotHideIt() throws {
        let text = "\u{FEFF}[plugins.music]\nvolume = 70\n"
        let edited = try set(["shuffle"], .boolean(true), in: music, text)
        #expect(edited == "\u{FEFF}[plugins.music]\nvolume = 70\nshuffle = true\n")
        #expect(
            try HubConfiguration(text: edited, file: "t.toml").pluginTables["music"]?.values["shuffle"]
                == .boolean(true))
    }
}
