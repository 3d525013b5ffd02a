import HubCore
import Hummingbird

/// Programs: `/programs` (by rating), a program's page (and its `.zwo`/`.toml`), voting, copying, starting and
/// editing one, and importing a file.
enum ProgramRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.page("/programs/import", scripts: ["upload.js"]) { _, context in
            ProgramImportPage.form(csrfToken: context.csrfToken)
        }
        // The file's bytes are the body (upload.js), its name in the query: no multipart parsing, and the name is
        // only told apart (.zwo or .toml) and shown, never used as a path.
        router.post("/programs/import", needing: stores.programs) { page in
            var request = page.request
            let body = try await request.collectBody(upTo: WebLimits.uploadBytes)
            return try await ProgramImportPage.upload(
                fileName: page.query["name"] ?? "", bytes: Array(buffer: body), store: page.view,
                csrfToken: page.csrfToken)
        }
        router.get("/programs", needing: stores.programs) { try await ProgramsPage.render($0.query, store: $0.view) }
        // `12` is the program's page, `12.zwo` and `12.toml` its files.
        router.get(
            "/programs/{id}", needing: stores.programs.flatMap { programs in stores.profile.map { (programs, $0) } }
        ) {
            page in
            let (programs, profile) = page.view
            let (id, format) = PageReplies.split(page.id)
            guard let format else {
                return try await ProgramPage.render(
                    id: id, store: programs, profile: profile, csrfToken: page.csrfToken
                )
                .response(csrfToken: page.csrfToken)
            }
            switch try await ProgramDownload.make(id: id, format: format, store: programs) {
            case .file(let file):
                return PageReplies.download(fileName: file.fileName, contentType: file.contentType, bytes: file.bytes)
            case .notFound: return PageReplies.notFound(csrfToken: page.csrfToken)
            case .refused(let refusal): return WebResponse.page(refusal, csrfToken: page.csrfToken, status: .conflict)
            }
        }
        router.postForm("/programs/{id}/vote", needing: stores.programs) { page, form in
            try await ProgramActions.vote(id: page.id, fields: form, store: page.view)
        }
        router.post("/programs/{id}/copy", needing: stores.programs) {
            try await ProgramActions.copy(id: $0.id, store: $0.view)
        }
        router.post("/programs/{id}/start", needing: stores.programs) {
            try await ProgramActions.start(id: $0.id, store: $0.view, bus: bus)
        }
        router.get("/programs/{id}/edit", needing: stores.programs) {
            try await ProgramEditPage.render(id: $0.id, store: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/programs/{id}/edit", needing: stores.programs) { page, form in
            try await ProgramEditPage.save(id: page.id, fields: form, store: page.view, csrfToken: page.csrfToken)
        }
    }
}
