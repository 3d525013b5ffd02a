import HubCore

/// The `{id}` of `/reminders/{id}/…`: a reminder's number, checked before it reaches the store, and the page that
/// says a path names none.
enum ReminderPath {
    /// The id in `text`, or nil when it is no positive whole number (`7`, not `07x`, `-1`, `+7` or `../x`).
    static func id(_ text: some StringProtocol) -> Int64? {
        guard (1...18).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(text),
            id > 0
        else { return nil }
        return id
    }

    /// The reminder `text` names, or the page saying why there is none: not a number, or no reminder with it.
    static func reminder(_ text: String, in store: any ReminderEditor) async throws -> Result<Reminder, Missing> {
        guard let id = id(text) else {
            return .failure(
                Missing(
                    page: page(
                        "\"\(Format.printable(text, limit: 20))\" is not a reminder's number. The reminders page links "
                            + "to each reminder.")))
        }
        guard let reminder = try await store.reminder(id: id) else { return .failure(Missing(page: missing(id))) }
        return .success(reminder)
    }

    /// A reminder that is not there: the page that says so (404).
    struct Missing: Error, Equatable {
        let page: WebPage
    }

    /// The page saying there is no reminder `id`.
    static func missing(_ id: Int64) -> WebPage {
        page("There is no reminder \(id); it may have been deleted. See the reminders there are.")
    }

    private static func page(_ text: String) -> WebPage {
        WebPage(
            title: "No such reminder",
            body: "<h1>No such reminder</h1>" + HistoryMarkup.problems([text])
                + HistoryMarkup.link("Back to the reminders", to: "/reminders"))
    }
}
