import HubCore
import Hummingbird

/// Bluetooth sensors: `/sensors` (the remembered ones and a scan), `POST /sensors/scan`, `POST /sensors/pair`, and
/// `/sensors/forget` (the question, then the POST). A scan or a pairing suspends its request, never the event loop:
/// the plugin that owns the radio does the work, and the page's wait for it is bounded.
enum SensorRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        let radio = BusSensorRadio(bus: bus)
        router.get("/sensors", needing: stores.devices) { page in
            let notice = try await SensorActions.notice(page.query, book: page.view)
            return try await SensorsPage.render(book: page.view, csrfToken: page.csrfToken, notice: notice)
        }
        router.post("/sensors/scan", needing: stores.devices) {
            try await SensorsPage.scan(radio: radio, book: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/sensors/pair", needing: stores.devices) { page, form in
            try await SensorActions.pair(form, radio: radio, book: page.view, bus: bus, csrfToken: page.csrfToken)
        }
        router.get("/sensors/forget", needing: stores.devices) {
            try await SensorActions.confirmation(
                address: $0.query["address"] ?? "", book: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/sensors/forget", needing: stores.devices) { page, form in
            try await SensorActions.forget(form, radio: radio, book: page.view, bus: bus, csrfToken: page.csrfToken)
        }
    }
}
