import Foundation
import HubCore
import HubStore
import Testing

@testable import Web

@Suite struct SensorsPageTests {
    @Test func listsTheRememberedStrapAndSensorsAndWhoseStrapsThePeoplesAreAsTheCLIDoes() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap, SensorsFixture.trainer])
        _ = try await fixture.store.addPerson(named: "Sam")
        _ = try await fixture.store.pairStrap("C0:FF:EE:00:00:03", toPersonNamed: "Sam")
        let page = try await SensorsPage.render(book: fixture.store, csrfToken: "tok")
        #expect(page.title == "Sensors")
        #expect(
            page.body.contains(
                "<li>Remembered strap: Polar H10 1234 (C0:FF:EE:00:00:01), the hub connects it. "
                    + "<a href=\"/sensors/forget?address=C0:FF:EE:00:00:01\" class=\"forget\">Forget</a></li>"))
        #expect(page.body.contains("<li>Sam&#39;s strap: C0:FF:EE:00:00:03.</li>"))
        #expect(
            page.body.contains("Remembered fitness machine: KICKR 9999 (C0:FF:EE:00:00:05), the hub connects it."))
        // The scan's form, with the session's token; nothing scanned yet.
        #expect(
            page.body.contains(
                "<form class=\"scan\" method=\"post\" action=\"/sensors/scan\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\"><button type=\"submit\">Scan</button>"))
        #expect(page.body.contains("Listens for 5 seconds."))
        #expect(!page.body.contains("class=\"people found\""))
    }

    @Test func withNothingRememberedItSaysWhatTheHubTakesInstead() async throws {
        let fixture = try await SensorsFixture()
        let page = try await SensorsPage.render(book: fixture.store, csrfToken: "tok")
        #expect(
            page.body.contains(
                "<li>Remembered strap: none (the hub takes the configured strap, or the first one it finds).</li>"))
        #expect(!page.body.contains("Forget"))
    }

    @Test func aDisconnectedStrapIsSaidToBeLeftAlone() async throws {
        var strap = SensorsFixture.strap
        strap.connectAutomatically = false
        let fixture = try await SensorsFixture(remembering: [strap])
        let page = try await SensorsPage.render(book: fixture.store, csrfToken: "tok")
        #expect(page.body.contains("(C0:FF:EE:00:00:01), disconnected: the hub leaves it alone."))
    }

    @Test func aScanListsStrapsThenSensorsWithTheirKindInWordsAndAPairButtonEach() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.trainer])
        let radio = FakeSensorRadio(straps: [.polar, .tickr], sensors: [.kickr, .speed])
        let page = try await SensorsPage.scan(radio: radio, book: fixture.store, csrfToken: "tok")
        // Both families asked for the same few seconds.
        #expect(radio.requests.count == 2)
        #expect(radio.requests.contains(.init(action: .scan(for: .seconds(5)), family: .strap)))
        #expect(radio.requests.contains(.init(action: .scan(for: .seconds(5)), family: .sensor)))
        #expect(page.body.contains("<p>Found 4 devices.</p>"))
        #expect(
            page.body.contains(
                "<li><span class=\"name\">Polar H10 1234</span> <span class=\"detail\">C0:FF:EE:00:00:01 · Heart-rate strap · -61 dBm</span> "
                    + "<form class=\"choose pair\" method=\"post\" action=\"/sensors/pair\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"
                    + "<input type=\"hidden\" name=\"address\" value=\"C0:FF:EE:00:00:01\">"
                    + "<input type=\"hidden\" name=\"kind\" value=\"strap\"><button type=\"submit\">Pair</button></form></li>"
            ))
        // No signal heard: left out, not shown as a figure.
        #expect(
            page.body.contains(
                "<span class=\"name\">Wahoo SPEED</span> <span class=\"detail\">C0:FF:EE:00:00:06 · Speed and cadence sensor</span>"
            ))
        #expect(
            page.body.contains(
                "name=\"address\" value=\"C0:FF:EE:00:00:06\"><input type=\"hidden\" name=\"kind\" value=\"sensor\">"))
        // The remembered trainer is the hub's, not offered again.
        #expect(page.body.contains("Smart trainer · -70 dBm</span> <strong class=\"now\">the hub&#39;s</strong></li>"))
        let polar = try #require(page.body.range(of: "Polar H10 1234</span>"))
        let kickr = try #require(page.body.range(of: "KICKR 9999</span>"))
        #expect(polar.lowerBound < kickr.lowerBound, "straps first, as the CLI prints them")
    }

    @Test func aScanThatFindsNothingSaysHowToWakeTheDevices() async throws {
        let fixture = try await SensorsFixture()
        let page = try await SensorsPage.scan(radio: FakeSensorRadio(), book: fixture.store, csrfToken: "tok")
        #expect(page.body.contains("Nothing found in 5 seconds. Put the strap on (it sleeps when nobody wears it)"))
        #expect(!page.body.contains("class=\"people found\""))
    }

    @Test func withoutBlueZTheScanSaysWhatTheCLISaysOnce() async throws {
        let fixture = try await SensorsFixture()
        let refusal =
            "BlueZ refused: org.freedesktop.DBus.Error.ServiceUnknown: The name org.bluez was not provided "
            + "(is bluetoothd running? 'systemctl start bluetooth')"
        let radio = FakeSensorRadio { _, _ in .failure(BluetoothActionFailure(refusal)) }
        let page = try await SensorsPage.scan(radio: radio, book: fixture.store, csrfToken: "tok")
        let escaped = HTMLText.escape(refusal)
        #expect(page.body.contains("<div class=\"problems\" role=\"alert\"><p>\(escaped)</p></div>"))
        #expect(page.body.components(separatedBy: escaped).count == 2, "said once, not once per plugin")
        #expect(!page.body.contains("Nothing found"))
    }

    @Test func withoutTheHeartRatePluginTheScanSaysBluetoothIsNotAvailableForStrapsAndShowsTheSensors() async throws {
        let fixture = try await SensorsFixture()
        let radio = FakeSensorRadio { _, family in
            family == .strap ? .failure(SensorFamily.strap.notRunning) : .success([.kickr])
        }
        let page = try await SensorsPage.scan(radio: radio, book: fixture.store, csrfToken: "tok")
        #expect(page.body.contains("Bluetooth is not available for heart-rate straps: the heart-rate plugin is not"))
        #expect(page.body.contains("<span class=\"name\">KICKR 9999</span>"))
    }

    @Test func aDevicesNameIsShownAsTextNeverAsMarkupOrTerminalControls() async throws {
        var hostile = BluetoothDevice.polar
        hostile.name = "<script>alert(1)</script>\u{1B}[2J\u{7}"
        let fixture = try await SensorsFixture(remembering: [
            RememberedDevice(
                role: .heartRate, address: "C0:FF:EE:00:00:09", name: "<img src=x onerror=alert(1)>\n",
                rememberedAt: Date())
        ])
        let page = try await SensorsPage.scan(
            radio: FakeSensorRadio(straps: [hostile]), book: fixture.store, csrfToken: "tok")
        #expect(!page.body.contains("<script"))
        #expect(!page.body.contains("<img"))
        #expect(!page.body.contains("\u{1B}"))
        #expect(!page.body.contains("\u{7}"))
        #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;\\u{1B}[2J"))
        #expect(page.body.contains("&lt;img src=x onerror=alert(1)&gt;\\n (C0:FF:EE:00:00:09)"))
    }

    @Test func theSettingsLeadToTheSensorsPage() {
        #expect(SettingsPage.pages.contains { $0.path == "/sensors" && $0.title == "Sensors" })
        #expect(PageLayout.navigation.contains { $0.path == "/settings" })
    }
}
