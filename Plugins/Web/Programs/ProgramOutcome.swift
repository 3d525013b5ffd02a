/// What a POST to a programs page came to; the route turns each into its reply.
enum ProgramOutcome: Equatable {
    /// Done: the route redirects there (303), to the program's page, the copy's editor or the live page.
    case redirect(to: String)
    /// A form value or file the hub refuses: the form again with the CLI's message above it (422).
    case invalid(WebPage)
    /// Not done, and why: a built-in program is not edited, only copied (409).
    case refused(WebPage)
    /// No such program (404).
    case notFound
}
