import Testing

@testable import Nutrition

/// A food's name is printed as typed in `stayfit food` and the web: what cannot be shown as itself is refused.
@Suite struct FoodNameTests {
    @Test(arguments: [
        ("evil\u{202E}gpj.exe", "evil\\u{202E}gpj.exe"),
        ("\u{2067}bar", "\\u{2067}bar"),
        ("\u{FEFF}", "\u{FEFF}"),
        ("\u{FFFD}\u{FFFD}", "\u{FFFD}\u{FFFD}"),
        ("a\u{1B}[31mred", "a\\u{1B}[31mred"),
    ])
    func aNameThatDoesNotShowAsItselfIsRefusedAndShownEscaped(_ name: String, shown: String) {
        #expect {
            try Food(name: name, kilocaloriesPer100Grams: 100)
        } throws: { error in
            "\(error)".hasPrefix("a food needs a name of letters, not \"\(shown)\"")
        }
    }

    @Test(arguments: ["Crème brûlée; rm -rf / $(whoami) `id` \"x\"", "🍕 pizza", "فلافل", "👩‍🍳 stew"])
    func aNameInAnyScriptWithEmojiOrShellCharactersIsKeptAsTyped(_ name: String) throws {
        #expect(try Food(name: name, kilocaloriesPer100Grams: 100).name == name)
    }
}
