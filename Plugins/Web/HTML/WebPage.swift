/// What a route renders: the page's title and the HTML inside its `<main>`. The layout adds the head, the
/// navigation and the style sheets, so a page never writes them.
struct WebPage: Sendable, Equatable {
    var title: String
    var body: String
}
