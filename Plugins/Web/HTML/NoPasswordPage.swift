/// What a hub without a web password shows instead of anything else: how to set one.
enum NoPasswordPage {
    static func render() -> WebPage {
        WebPage(
            title: "Set a password",
            body: """
                <section class="login">
                <h1>StayFit Hub</h1>
                <p>This hub's web app has no password yet, so it shows nothing.</p>
                <p>On the hub, set one with:</p>
                <pre>sudo -u hub stayfit web password --data-dir /var/lib/stayfit</pre>
                <p>(as the user the hub runs as, on its data directory; <code>stayfit web password</code> alone for a
                hub run from your own account), then reload this page.</p>
                </section>
                """)
    }
}
