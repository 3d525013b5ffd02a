import Testing

@testable import HubCore

/// A string in the configuration that an escape gives a control character: refused with its line, where TOMLKit
/// used to cut the string at a NUL without a word (`short-workout = "Ran\u0000 {distance}"` shared "Ran").
@Suite struct ConfigControlCharacterTests {
    @Test(arguments: [#"\u0000"#, #"\b"#, #"\f"#, #"\r"#, #"\u001B"#, #"\U0000007F"#, #"\u0085"#])
    func anEscapeThatMakesAControlCharacterIsRefusedWithItsLine(escape: String) throws {
        for text in [
            "[plugins.share]\nshort-workout = \"Ran\(escape) {distance}\"\n",
            "[plugins.share]\nshort-workout = \"\"\"\nRan\(escape) {distance}\"\"\"\n",
        ] {
            let error = try #require(throws: ConfigurationError.self) {
                try HubConfiguration(text: text, file: "stayfit.toml")
            }
            #expect(error.kind == .invalidValue)
            #expect(
                error.description
                    == "stayfit.toml:\(text.contains("\"\"\"\n") ? 3 : 2): the escape \(escape) in a string makes a "
                    + "control character, which no setting takes. Remove it: a string may hold tabs (\\t) and line "
                    + "breaks (\\n), nothing else below a space.")
        }
    }

    @Test(arguments: [#""Ran\t{distance}\n""#, #""\u00E9 \U0001F600 \\u0000""#, #"'Ran\u0000 {distance}'"#])
    func tabsLineBreaksOtherCharactersAndLiteralStringsAreTaken(value: String) throws {
        let configuration = try HubConfiguration(
            text: "[plugins.share]\nshort-workout = \(value)\n", file: "stayfit.toml")
        let table = try #require(configuration.pluginTables["share"])
        #expect(
            try table.string("short-workout", default: "").unicodeScalars.allSatisfy {
                $0.value >= 0x20 || $0 == "\t" || $0 == "\n"
            })
    }
}
