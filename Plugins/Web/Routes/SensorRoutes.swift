import HubCore
import Hummingbird

/// Bluetooth sensors: `/sensors` (the remembered ones and a scan), `POST /sensors/scan`, `POST /sensors/pair`, and
/// `/sensors/forget` (the question, then the POST). A scan or a pairing suspends its request, never the event loop:
/// the plugin that owns the radio does the work, and the page's wait for it is bounded.
enum SensorRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        let radio = BusSensorRadio(bus: bus)
        router.get("/sensors") { request, context in
            guard let book = stores.devices else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let notice = try await SensorActions.notice(PageReplies.query(request), book: book)
            return WebResponse.page(
                try await SensorsPage.render(book: book, csrfToken: context.csrfToken, notice: notice),
                csrfToken: context.csrfToken)
        }
        router.post("/sensors/scan") { _, context in
            guard let book = stores.devices else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await SensorsPage.scan(radio: radio, book: book, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/sensors/pair") { request, context in
            guard let book = stores.devices else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await SensorActions.pair(form, radio: radio, book: book, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.get("/sensors/forget") { request, context in
            guard let book = stores.devices else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let address = PageReplies.query(request)["address"] ?? ""
            return WebResponse.page(
                try await SensorActions.confirmation(address: address, book: book, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/sensors/forget") { request, context in
            guard let book = stores.devices else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await SensorActions.forget(form, radio: radio, book: book, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
    }
}
