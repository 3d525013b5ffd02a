/// The live dashboard: big tiles for the gym's screen and a phone, filled by `/static/live.js` from the event
/// stream, and the remote's buttons.
enum LivePage {
    /// The tiles: their element id (live.js fills `<id>-value`) and their label.
    static let tiles: [(id: String, label: String)] = [
        ("time", "Time"), ("distance", "Distance"), ("how-fast", "Pace"), ("heart-rate", "Heart rate"),
        ("cadence", "Cadence"), ("power", "Power"), ("energy", "Energy"), ("goal", "Goal"),
    ]

    static func render(csrfToken: String) -> WebPage {
        let tiles = Self.tiles.map { tile in
            """
            <section class="tile" id="\(tile.id)"><h2 id="\(tile.id)-label">\(HTMLText.escape(tile.label))</h2>\
            <p class="value" id="\(tile.id)-value">--</p></section>
            """
        }
        let buttons = WebControl.allCases.map { control in
            // A form each, so the buttons work without the script too; the script sends them with fetch.
            """
            <form method="post" action="/control/\(control.rawValue)" class="control" data-action="\(control.rawValue)">\
            <input type="hidden" name="csrf" value="\(HTMLText.escape(csrfToken))">\
            <button type="submit" id="control-\(control.rawValue)">\(HTMLText.escape(control.label))</button></form>
            """
        }
        return WebPage(
            title: "Live",
            body: """
                <div class="status-bar">
                <p id="state" class="state" data-state="idle">No workout under way</p>
                <p id="person" class="person"></p>
                <p id="connection" class="connection" data-connected="false">Connecting…</p>
                </div>
                <div class="tiles">
                \(tiles.joined(separator: "\n"))
                </div>
                <section class="wide tile" id="step"><h2>Program</h2><p class="value" id="step-value">--</p>\
                <p class="countdown" id="step-countdown"></p></section>
                <section class="wide tile" id="music"><h2>Now playing</h2><p class="value" id="music-value">--</p></section>
                <p id="said" class="said" role="status"></p>
                <div class="controls">
                \(buttons.joined(separator: "\n"))
                </div>
                <div class="confirm" id="stop-confirm" hidden>
                <p>Stop and save the workout?</p>
                <button type="button" id="stop-yes">Stop and save</button>
                <button type="button" id="stop-no">Keep going</button>
                </div>
                """)
    }
}
