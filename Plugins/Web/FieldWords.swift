/// The command line's messages in a page's words.
///
/// The pages share their checks with the command line (`ProfileForm`, `ReminderInput`, `FoodLogRequest`), and those
/// checks speak in its options: "e.g. --time 18:30", "give at least one of --name, --height". On a page the
/// person fills in fields, so an option followed by an example is left out ("e.g. 18:30") and one named alone
/// becomes its field's label ("give at least one of Name, Height").
enum FieldWords {
    /// `text` with each `--option` of `labels` said as the page says it.
    ///
    /// - Parameters:
    ///   - labels: each option (without `--`) and its field's label on the page.
    ///   - alwaysNamed: options said by their label even before a value ("--alert 0: …" is "Alert 0: …").
    static func onPage(_ text: String, labels: [String: String], alwaysNamed: Set<String> = []) -> String {
        var result = ""
        var rest = Substring(text)
        while let dashes = rest.range(of: "--") {
            result += rest[..<dashes.lowerBound]
            let name = String(rest[dashes.upperBound...].prefix { $0.isLetter || $0 == "-" })
            guard let label = labels[name] else {
                result += "--"
                rest = rest[dashes.upperBound...]
                continue
            }
            rest = rest[dashes.upperBound...].dropFirst(name.count)
            if !alwaysNamed.contains(name), rest.first == " ", let next = rest.dropFirst().first, next != "(" {
                rest = rest.dropFirst()  // "--time 18:30": the example alone
            } else {
                result += label
            }
        }
        return result + rest
    }

    /// `ProfilePage`'s fields.
    static let profile = [
        "name": "Name", "birth-date": "Birth date", "gender": "Gender", "height": "Height", "weight": "Weight",
        "ftp": "FTP",
    ]
    /// The reminder form's fields.
    static let reminder = ["title": "Title", "time": "Time of day", "repeat": "Days", "alert": "Alert"]
    /// The food form's amount.
    static let food = ["grams": "e.g. 120 g", "portion": "a portion"]
}
