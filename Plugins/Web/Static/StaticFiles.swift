import Hummingbird

/// `/static/{name}`: the app's style sheet and scripts, compiled into the binary.
///
/// Served by name from a fixed table, never from the file system: no path a request spells (`../`, `%2e%2e`, a
/// link) can reach another file, and the hub needs no folder of assets installed beside it.
enum StaticFiles {
    static let files: [String: (contentType: String, text: String)] = [
        "web.css": ("text/css; charset=utf-8", styleSheet),
        "live.js": ("text/javascript; charset=utf-8", liveScript),
        "upload.js": ("text/javascript; charset=utf-8", uploadScript),
        "history.css": ("text/css; charset=utf-8", HistoryStyle.css),
        "people.css": ("text/css; charset=utf-8", PeopleStyle.css),
        "programs.css": ("text/css; charset=utf-8", ProgramsStyle.css),
        "settings.css": ("text/css; charset=utf-8", SettingsStyle.css),
        "reminders.css": ("text/css; charset=utf-8", RemindersStyle.css),
    ]

    static func add(to router: Router<WebRequestContext>) {
        router.get("/static/{name}") { _, context in
            guard let name = context.parameters.get("name"), let file = files[name] else {
                return WebResponse.text("No such file.", status: .notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = file.contentType
            // Checked again each time (a 304 when unchanged): a new hub's files show at once.
            headers[.cacheControl] = "no-cache"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: file.text)))
        }
    }
}
