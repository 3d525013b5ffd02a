import Testing

@testable import Web

/// The command line's messages, shared with the pages, in the pages' words: an option before its example goes, one
/// named alone becomes its field's label, any other `--` stays.
@Suite struct FieldWordsTests {
    @Test(arguments: [
        (
            "Enter Time: give the time of day, 24-hour, e.g. --time 18:30",
            "Enter Time: give the time of day, 24-hour, e.g. 18:30"
        ),
        ("give at least one of --name, --birth-date, --ftp", "give at least one of Name, Birth date, FTP"),
        ("Select Gender: --gender male, female or other", "Select Gender: male, female or other"),
        ("--alert 0: an alert 0 minutes before", "Alert 0: an alert 0 minutes before"),
        ("Give it in grams (--grams).", "Give it in grams (e.g. 120 g)."),
        ("a range -- and --unknown 3 stay", "a range -- and --unknown 3 stay"),
        ("ends with --", "ends with --"),
    ])
    func optionsAreSaidAsThePageSaysThem(_ text: String, _ said: String) {
        let labels = FieldWords.profile.merging(FieldWords.reminder) { $1 }.merging(FieldWords.food) { $1 }
        #expect(FieldWords.onPage(text, labels: labels, alwaysNamed: ["alert"]) == said)
    }
}
