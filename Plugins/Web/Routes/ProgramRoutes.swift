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
        router.post("/programs/import") { request, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let name = PageReplies.query(request)["name"] ?? ""
            var request = request
            let body = try await request.collectBody(upTo: WebLimits.uploadBytes)
            return PageReplies.reply(
                try await ProgramImportPage.upload(
                    fileName: name, bytes: Array(buffer: body), store: programs, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.get("/programs") { request, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await ProgramsPage.render(PageReplies.query(request), store: programs),
                csrfToken: context.csrfToken)
        }
        // `12` is the program's page, `12.zwo` and `12.toml` its files.
        router.get("/programs/{id}") { _, context in
            guard let programs = stores.programs, let profile = stores.profile else {
                return PageReplies.unavailable(csrfToken: context.csrfToken)
            }
            let (id, format) = PageReplies.split(context.parameters.get("id") ?? "")
            guard let format else {
                return PageReplies.page(
                    try await ProgramPage.render(
                        id: id, store: programs, profile: profile, csrfToken: context.csrfToken),
                    csrfToken: context.csrfToken)
            }
            switch try await ProgramDownload.make(id: id, format: format, store: programs) {
            case .file(let file):
                return PageReplies.download(fileName: file.fileName, contentType: file.contentType, bytes: file.bytes)
            case .notFound: return PageReplies.notFound(csrfToken: context.csrfToken)
            case .refused(let page): return WebResponse.page(page, csrfToken: context.csrfToken, status: .conflict)
            }
        }
        router.post("/programs/{id}/vote") { request, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await ProgramActions.vote(id: context.parameters.get("id") ?? "", fields: form, store: programs),
                csrfToken: context.csrfToken)
        }
        router.post("/programs/{id}/copy") { _, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return PageReplies.reply(
                try await ProgramActions.copy(id: context.parameters.get("id") ?? "", store: programs),
                csrfToken: context.csrfToken)
        }
        router.post("/programs/{id}/start") { _, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return PageReplies.reply(
                try await ProgramActions.start(id: context.parameters.get("id") ?? "", store: programs, bus: bus),
                csrfToken: context.csrfToken)
        }
        router.get("/programs/{id}/edit") { _, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return PageReplies.page(
                try await ProgramEditPage.render(
                    id: context.parameters.get("id") ?? "", store: programs, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/programs/{id}/edit") { request, context in
            guard let programs = stores.programs else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await ProgramEditPage.save(
                    id: context.parameters.get("id") ?? "", fields: form, store: programs,
                    csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
    }
}
