import Foundation
import HubCore

/// The sensors page's POSTs, each as `stayfit devices` does it: pairing a found device (POST `/sensors/pair`), and
/// forgetting a remembered one, after a question (GET `/sensors/forget?address=…`, then POST `/sensors/forget`).
/// The server has checked the form's `csrf` field before an action is called.
///
/// What the page changes, the running hub applies at once: the store is written as the command line writes it, and
/// `StoreChanged(.devices)` tells the plugins that follow the remembered devices (the hub's own writes do not touch
/// the change marker the store watcher waits for).
enum SensorActions {
    /// How long a pairing searches for a device BlueZ has not seen yet (`stayfit devices pair`'s default).
    static let pairSearch: Duration = .seconds(10)

    /// Connects the device the form's `address` names with the plugin of the form's `kind` (`strap`: as `stayfit
    /// devices connect`; otherwise as `stayfit devices pair`), remembers it for its role, and releases the device it
    /// replaces.
    static func pair(
        _ form: [String: String], radio: any SensorRadio, book: any DeviceBook, bus: MessageBus, csrfToken: String,
        searchFor: Duration = pairSearch, now: Date = Date()
    ) async throws -> FormOutcome {
        guard let address = BluetoothAddress.normalized(form["address"] ?? "") else {
            return .invalid(try await refusal(notAnAddress(form["address"] ?? ""), book: book, csrfToken: csrfToken))
        }
        let family = SensorFamily(rawValue: form["kind"] ?? "") ?? .sensor
        let device: BluetoothDevice
        switch await radio.perform(.pair(address: address, searchFor: searchFor), on: family) {
        case .failure(let failure):
            return .invalid(try await refusal(failure.description, book: book, csrfToken: csrfToken))
        case .success(let devices):
            guard let paired = devices.first else {
                return .invalid(
                    try await refusal("\(address) did not pair; try again.", book: book, csrfToken: csrfToken))
            }
            device = paired
        }
        let previous = try await book.rememberReplacing(
            RememberedDevice(role: device.role, address: device.address, name: device.name, rememberedAt: now))
        bus.publish(StoreChanged(section: .devices))
        if let previous {
            // Free the device the hub used before, for its battery and for other hubs; best effort, as the CLI.
            _ = await radio.perform(.disconnect(address: previous.address), on: family)
        }
        return .redirect(to: "/sensors?paired=\(device.address)")
    }

    /// "Forget KICKR 9999 (C0:FF:EE:00:00:05), the hub's fitness machine?" with the POST form; the sensors page
    /// with what is wrong when `address` is no address or names no remembered device.
    static func confirmation(address text: String, book: any DeviceBook, csrfToken: String) async throws -> WebPage {
        guard let address = BluetoothAddress.normalized(text) else {
            return try await refusal(notAnAddress(text), book: book, csrfToken: csrfToken)
        }
        guard let device = try await book.rememberedDevice(at: address) else {
            return try await refusal(try await notRemembered(address, book: book), book: book, csrfToken: csrfToken)
        }
        let question =
            "Forget \(SensorsMarkup.label(device)), the hub's \(SensorsMarkup.roleWords(device.role))? "
            + "The hub stops connecting it until it is paired again."
        let body =
            "<h1>Forget a sensor</h1>" + HistoryMarkup.paragraph(question)
            + PeopleMarkup.postForm("/sensors/forget", csrfToken: csrfToken, className: "danger")
            + PeopleMarkup.hidden("address", device.address) + "<button type=\"submit\">Forget</button> "
            + HistoryMarkup.link("Keep it", to: "/sensors") + "</form>"
        return WebPage(title: "Forget a sensor", body: body)
    }

    /// Forgets the remembered device at the form's `address`, as `stayfit devices forget ADDRESS`: the store first,
    /// then a best-effort disconnection (the device is forgotten even when BlueZ cannot be reached).
    static func forget(
        _ form: [String: String], radio: any SensorRadio, book: any DeviceBook, bus: MessageBus, csrfToken: String
    ) async throws -> FormOutcome {
        guard let address = BluetoothAddress.normalized(form["address"] ?? "") else {
            return .invalid(try await refusal(notAnAddress(form["address"] ?? ""), book: book, csrfToken: csrfToken))
        }
        guard let device = try await book.rememberedDevice(at: address) else {
            let problem = try await notRemembered(address, book: book)
            return .invalid(try await refusal(problem, book: book, csrfToken: csrfToken))
        }
        try await book.forgetDevice(device.role)
        bus.publish(StoreChanged(section: .devices))
        _ = await radio.perform(.disconnect(address: address), on: SensorFamily(role: device.role))
        return .redirect(to: "/sensors?forgot=\(address)")
    }

    /// What a GET of `/sensors` says after a redirect here: `?paired=` and `?forgot=` carry only an address, checked,
    /// and the name comes from the store, never from the link.
    static func notice(_ query: [String: String], book: any DeviceBook) async throws -> String? {
        if let address = query["paired"].flatMap(BluetoothAddress.normalized),
            let device = try await book.rememberedDevice(at: address)
        {
            return "Paired \(SensorsMarkup.label(device)). The hub now uses it as its "
                + "\(device.role == .heartRate ? "heart-rate strap" : SensorsMarkup.roleWords(device.role))."
        }
        if let address = query["forgot"].flatMap(BluetoothAddress.normalized) {
            return "Forgot \(address)."
        }
        return nil
    }

    // MARK: - Plumbing

    /// The command line's words when nothing remembered has `address`.
    private static func notRemembered(_ address: String, book: any DeviceBook) async throws -> String {
        if let owner = try await book.personStraps().first(where: { $0.address == address })?.person {
            return "\(address) is \(Format.printable(owner))'s strap, not a remembered device; "
                + "'stayfit devices unpair \(address)' makes it nobody's."
        }
        return "No remembered device has the address \(address); nothing to forget."
    }

    /// The command line's refusal of a typed address; a long one is cut, a control character shown harmless.
    static func notAnAddress(_ typed: String) -> String {
        "\"\(Format.printable(typed, limit: 40))\" is not a Bluetooth address. \(BluetoothAddress.hint)."
    }

    private static func refusal(_ problem: String, book: any DeviceBook, csrfToken: String) async throws -> WebPage {
        try await SensorsPage.render(book: book, csrfToken: csrfToken, problem: problem)
    }
}
