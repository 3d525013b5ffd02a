import HubCore

/// `/sensors`: the remembered strap and sensors and whose straps the people's are (as `stayfit devices list` says),
/// a "Scan" button (POST `/sensors/scan`, a few seconds of `stayfit devices scan`) whose finds each have a "Pair"
/// button, and a "Forget" link by each remembered device.
///
/// ```swift
/// let page = try await SensorsPage.render(book: store, csrfToken: token)
/// let scanned = try await SensorsPage.scan(radio: BusSensorRadio(bus: bus), book: store, csrfToken: token)
/// ```
enum SensorsPage {
    /// How long "Scan" listens: long enough for a strap's advertisements, short enough for a phone to wait.
    static let scanLength: Duration = .seconds(5)

    /// What a scan found, straps first, and what went wrong.
    struct ScanResult: Equatable {
        var found: [BluetoothDevice]
        var problems: [String]
    }

    /// The page; `notice` says what was just done, `problem` what was refused, `scan` what a scan found.
    static func render(
        book: any DeviceBook, csrfToken: String, notice: String? = nil, problem: String? = nil,
        scan: ScanResult? = nil
    ) async throws -> WebPage {
        let remembered = try await book.rememberedDevices()
        var body = "<h1>Sensors</h1>" + PeopleMarkup.problem(problem)
        if let notice { body += HistoryMarkup.paragraph(notice, className: "notice") }
        body += "<h2>Remembered</h2><ul class=\"people\">"
        let strap = remembered.first { $0.role == .heartRate }
        if let strap {
            let mode = strap.connectAutomatically ? "the hub connects it" : "disconnected: the hub leaves it alone"
            body += SensorsMarkup.remembered("Remembered strap: \(SensorsMarkup.label(strap)), \(mode).", strap)
        } else {
            body += "<li>Remembered strap: none (the hub takes the configured strap, or the first one it finds).</li>"
        }
        for owned in try await book.personStraps() {
            body += "<li>\(HTMLText.escape("\(Format.printable(owned.person))'s strap: \(owned.address)."))</li>"
        }
        for device in remembered where device.role != .heartRate && device.role != .location {
            let mode = device.connectAutomatically ? "the hub connects it" : "the hub leaves it alone"
            let words = SensorsMarkup.roleWords(device.role)
            body += SensorsMarkup.remembered(
                "Remembered \(words): \(SensorsMarkup.label(device)), \(mode).", device)
        }
        body += "</ul><h2>In range</h2>"
        body +=
            PeopleMarkup.postForm("/sensors/scan", csrfToken: csrfToken, className: "scan")
            + "<button type=\"submit\">Scan</button> "
            + "<span>Listens for \(Format.counted(Int(scanLength.components.seconds), "second")).</span></form>"
        if let scan { body += found(scan, remembered: remembered, csrfToken: csrfToken) }
        body += PeopleMarkup.links([("People", "/people"), ("Live", "/")])
        return WebPage(title: "Sensors", body: body)
    }

    /// Listens for `scanLength` for straps and fitness sensors at once, and renders the page with what was found.
    ///
    /// As `stayfit devices scan`: the straps' failure is the page's problem; the sensors' part is a bonus, whose
    /// failure shows only when the straps' side did not already say what is wrong.
    static func scan(radio: any SensorRadio, book: any DeviceBook, csrfToken: String) async throws -> WebPage {
        async let strapAnswer = radio.perform(.scan(for: scanLength), on: .strap)
        async let sensorAnswer = radio.perform(.scan(for: scanLength), on: .sensor)
        let (straps, sensors) = await (strapAnswer, sensorAnswer)
        var result = ScanResult(found: [], problems: [])
        switch straps {
        case .success(let found): result.found += found
        case .failure(let failure): result.problems.append(failure.description)
        }
        switch sensors {
        case .success(let found): result.found += found
        case .failure(let failure):
            // Both sides fail alike without BlueZ: the straps' sentence says it once, as the command line does.
            if case .failure(let strapFailure) = straps, strapFailure != SensorFamily.strap.notRunning {
                break
            }
            result.problems.append(failure.description)
        }
        return try await render(book: book, csrfToken: csrfToken, scan: result)
    }

    /// The scan's finds, one a line (a phone's width has no room for a table): the name, then the address, the kind
    /// and the signal (left out when none was heard), and its "Pair" button, or "the hub's" when remembered.
    private static func found(_ scan: ScanResult, remembered: [RememberedDevice], csrfToken: String) -> String {
        var html = HistoryMarkup.problems(scan.problems)
        guard !scan.found.isEmpty else {
            guard scan.problems.isEmpty else { return html }
            return html
                + HistoryMarkup.paragraph(
                    "Nothing found in \(Format.counted(Int(scanLength.components.seconds), "second")). Put the strap "
                        + "on (it sleeps when nobody wears it) or wake the sensor (spin the wheel or the crank, step "
                        + "on the machine), and scan again.", className: "empty")
        }
        let addresses = Set(remembered.map(\.address))
        html += HistoryMarkup.paragraph("Found \(Format.counted(scan.found.count, "device")).")
        html += "<ul class=\"people found\">"
        for device in scan.found {
            let family: SensorFamily = device.role == .heartRate ? .strap : .sensor
            let detail = [device.address, device.words] + (device.signalStrength.map { ["\($0) dBm"] } ?? [])
            html += "<li><span class=\"name\">\(HTMLText.escape(Format.printable(device.name)))</span> "
            html += "<span class=\"detail\">\(HTMLText.escape(detail.joined(separator: " · ")))</span> "
            if addresses.contains(device.address) {
                html += "<strong class=\"now\">\(HTMLText.escape("the hub's"))</strong>"
            } else {
                // "choose": the people page's row button, which the style sheet lays out beside the name.
                html +=
                    PeopleMarkup.postForm("/sensors/pair", csrfToken: csrfToken, className: "choose pair")
                    + PeopleMarkup.hidden("address", device.address) + PeopleMarkup.hidden("kind", family.rawValue)
                    + "<button type=\"submit\">Pair</button></form>"
            }
            html += "</li>"
        }
        return html + "</ul>"
    }
}
