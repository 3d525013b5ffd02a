/// What a POST of the people, food and weight pages came to; the server has checked the form's `csrf` field
/// before the action is called.
enum FormOutcome: Equatable {
    /// Done: the route redirects there (303), so that reloading the page does not post the form again.
    case redirect(to: String)
    /// Nothing written: the form again with what was wrong (422).
    case invalid(WebPage)
    /// The path names nothing there is (404).
    case notFound
}
