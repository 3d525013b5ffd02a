/// What a POST of the reminders pages came to; the server has checked the form's `csrf` field before the action is
/// called.
enum ReminderOutcome: Equatable {
    /// Done, and the running hub told: the route redirects there (303), so that reloading does not post again.
    case redirect(to: String)
    /// Nothing written: the form again with the CLI's message for what was wrong (422).
    case invalid(WebPage)
    /// The path names no reminder, or is no reminder's number: a page saying which (404).
    case notFound(WebPage)
}
