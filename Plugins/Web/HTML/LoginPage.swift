/// The password form, and what went wrong with the last try.
enum LoginPage {
    /// - Parameters:
    ///   - loginToken: the token the form carries back, matched with the login cookie (a site cannot log a browser in
    ///     to the hub behind its back).
    ///   - problem: said above the form ("Wrong password."), nil on a first visit.
    static func render(loginToken: String, problem: String? = nil) -> WebPage {
        let said = problem.map { "<p class=\"problem\" role=\"alert\">\(HTMLText.escape($0))</p>\n" } ?? ""
        return WebPage(
            title: "Log in",
            body: """
                <section class="login">
                <h1>StayFit Hub</h1>
                \(said)<form method="post" action="/login">
                <input type="hidden" name="csrf" value="\(HTMLText.escape(loginToken))">
                <label for="password">Password</label>
                <input type="password" id="password" name="password" autocomplete="current-password" required autofocus>
                <button type="submit">Log in</button>
                </form>
                </section>
                """)
    }
}
