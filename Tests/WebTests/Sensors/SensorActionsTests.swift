import Foundation
import HubCore
import HubStore
import Testing

@testable import Web

@Suite struct SensorActionsTests {
    static let trainerRole = RememberedDevice.Role(rawValue: "fitness-machine")

    @Test func pairingRemembersTheSensorForItsKindAndTellsTheRunningHub() async throws {
        let fixture = try await SensorsFixture()
        let radio = FakeSensorRadio(sensors: [.kickr])
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        // Lower case, as a person types it; no kind: a fitness sensor, as `stayfit devices pair`.
        let outcome = try await SensorActions.pair(
            ["address": "c0:ff:ee:00:00:05", "csrf": "tok"], radio: radio, book: fixture.store, bus: bus,
            csrfToken: "tok")
        #expect(outcome == .redirect(to: "/sensors?paired=C0:FF:EE:00:00:05"))
        #expect(
            radio.requests == [
                .init(action: .pair(address: "C0:FF:EE:00:00:05", searchFor: .seconds(10)), family: .sensor)
            ])
        let remembered = try #require(try await fixture.store.rememberedDevice(Self.trainerRole))
        #expect(remembered.address == "C0:FF:EE:00:00:05")
        #expect(remembered.name == "KICKR 9999")
        #expect(remembered.connectAutomatically)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == StoreChanged(section: .devices))
        let notice = try await SensorActions.notice(["paired": "C0:FF:EE:00:00:05"], book: fixture.store)
        #expect(notice == "Paired KICKR 9999 (C0:FF:EE:00:00:05). The hub now uses it as its fitness machine.")
    }

    @Test func pairingAStrapConnectsItAsTheCLIsConnectAndReleasesTheOneItReplaces() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap])
        let radio = FakeSensorRadio(straps: [.tickr])
        let outcome = try await SensorActions.pair(
            ["address": "C0:FF:EE:00:00:02", "kind": "strap"], radio: radio, book: fixture.store, bus: MessageBus(),
            csrfToken: "tok")
        #expect(outcome == .redirect(to: "/sensors?paired=C0:FF:EE:00:00:02"))
        #expect(
            radio.requests == [
                .init(action: .pair(address: "C0:FF:EE:00:00:02", searchFor: .seconds(10)), family: .strap),
                .init(action: .disconnect(address: "C0:FF:EE:00:00:01"), family: .strap),
            ])
        #expect(try await fixture.store.rememberedDevice(.heartRate)?.address == "C0:FF:EE:00:00:02")
        let notice = try await SensorActions.notice(["paired": "C0:FF:EE:00:00:02"], book: fixture.store)
        #expect(notice == "Paired Wahoo TICKR (C0:FF:EE:00:00:02). The hub now uses it as its heart-rate strap.")
    }

    @Test(arguments: ["Polar H10", "", "C0:FF:EE:00:00", "C0:FF:EE:00:00:0G", "C0:FF:EE:00:00:01:02", "<script>"])
    func pairingRefusesWhatIsNoAddressWithTheCLIsWordsAndAsksNoPlugin(_ typed: String) async throws {
        let fixture = try await SensorsFixture()
        let radio = FakeSensorRadio(sensors: [.kickr])
        let outcome = try await SensorActions.pair(
            ["address": typed], radio: radio, book: fixture.store, bus: MessageBus(), csrfToken: "tok")
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains(HTMLText.escape("\"\(typed)\" is not a Bluetooth address. Write it as six hex")))
        #expect(!page.body.contains("<script>"))
        #expect(radio.requests.isEmpty)
        #expect(try await fixture.store.rememberedDevices().isEmpty)
    }

    @Test func aTypedAddressWithControlCharactersIsShownHarmless() async throws {
        let fixture = try await SensorsFixture()
        let outcome = try await SensorActions.pair(
            ["address": "C0:FF\u{1B}[2J\n"], radio: FakeSensorRadio(), book: fixture.store, bus: MessageBus(),
            csrfToken: "tok")
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("&quot;C0:FF\\u{1B}[2J\\n&quot; is not a Bluetooth address."))
        #expect(!page.body.contains("\u{1B}"))
    }

    @Test func anUnknownAddressIsRefusedWithThePluginsWordsAndNothingIsRemembered() async throws {
        let fixture = try await SensorsFixture()
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let outcome = try await SensorActions.pair(
            ["address": "C0:FF:EE:00:00:42"], radio: FakeSensorRadio(sensors: [.kickr]), book: fixture.store,
            bus: bus, csrfToken: "tok")
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("No Bluetooth device C0:FF:EE:00:00:42 was found in 10 seconds."))
        #expect(try await fixture.store.rememberedDevices().isEmpty)
        // Nothing changed, so nothing was said: the next message is the test's own.
        bus.publish(StoreChanged(section: .goals))
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == StoreChanged(section: .goals))
    }

    @Test func forgettingAsksFirstThenForgetsReleasesAndTellsTheHub() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap, SensorsFixture.trainer])
        let question = try await SensorActions.confirmation(
            address: "c0:ff:ee:00:00:05", book: fixture.store, csrfToken: "tok")
        #expect(question.title == "Forget a sensor")
        #expect(
            question.body.contains(
                "Forget KICKR 9999 (C0:FF:EE:00:00:05), the hub&#39;s fitness machine? The hub stops connecting it"))
        #expect(
            question.body.contains(
                "<form class=\"danger\" method=\"post\" action=\"/sensors/forget\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"
                    + "<input type=\"hidden\" name=\"address\" value=\"C0:FF:EE:00:00:05\">"))
        #expect(try await fixture.store.rememberedDevice(Self.trainerRole) != nil, "asking forgets nothing")

        let radio = FakeSensorRadio()
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let outcome = try await SensorActions.forget(
            ["address": "C0:FF:EE:00:00:05"], radio: radio, book: fixture.store, bus: bus, csrfToken: "tok")
        #expect(outcome == .redirect(to: "/sensors?forgot=C0:FF:EE:00:00:05"))
        #expect(try await fixture.store.rememberedDevice(Self.trainerRole) == nil)
        #expect(try await fixture.store.rememberedDevice(.heartRate) == SensorsFixture.strap, "the strap stays")
        #expect(radio.requests == [.init(action: .disconnect(address: "C0:FF:EE:00:00:05"), family: .sensor)])
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == StoreChanged(section: .devices))
        #expect(
            try await SensorActions.notice(["forgot": "C0:FF:EE:00:00:05"], book: fixture.store)
                == "Forgot C0:FF:EE:00:00:05.")
    }

    @Test func forgettingTheStrapReleasesItWithTheHeartRatePlugin() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap])
        let radio = FakeSensorRadio()
        let outcome = try await SensorActions.forget(
            ["address": "C0:FF:EE:00:00:01"], radio: radio, book: fixture.store, bus: MessageBus(), csrfToken: "t")
        #expect(outcome == .redirect(to: "/sensors?forgot=C0:FF:EE:00:00:01"))
        #expect(try await fixture.store.rememberedDevice(.heartRate) == nil)
        #expect(radio.requests == [.init(action: .disconnect(address: "C0:FF:EE:00:00:01"), family: .strap)])
    }

    @Test func forgettingWhatIsNotRememberedSaysWhatTheCLISays() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap])
        _ = try await fixture.store.addPerson(named: "Sam")
        _ = try await fixture.store.pairStrap("C0:FF:EE:00:00:03", toPersonNamed: "Sam")
        let radio = FakeSensorRadio()
        let unknown = try await SensorActions.forget(
            ["address": "C0:FF:EE:00:00:42"], radio: radio, book: fixture.store, bus: MessageBus(), csrfToken: "t")
        guard case .invalid(let page) = unknown else {
            Issue.record("\(unknown)")
            return
        }
        #expect(page.body.contains("No remembered device has the address C0:FF:EE:00:00:42; nothing to forget."))
        let question = try await SensorActions.confirmation(
            address: "C0:FF:EE:00:00:03", book: fixture.store, csrfToken: "t")
        #expect(
            question.body.contains(
                "C0:FF:EE:00:00:03 is Sam&#39;s strap, not a remembered device; &#39;stayfit devices unpair "
                    + "C0:FF:EE:00:00:03&#39; makes it nobody&#39;s."))
        let malformed = try await SensorActions.confirmation(
            address: "<script>alert(1)</script>", book: fixture.store, csrfToken: "t")
        #expect(
            malformed.body.contains("&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; is not a Bluetooth address."))
        #expect(radio.requests.isEmpty)
        #expect(try await fixture.store.rememberedDevice(.heartRate) == SensorsFixture.strap)
    }

    @Test func aNoticeTrustsOnlyAnAddressAndTakesTheNameFromTheStore() async throws {
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap])
        #expect(try await SensorActions.notice(["paired": "<script>"], book: fixture.store) == nil)
        #expect(try await SensorActions.notice(["forgot": "Hacked! Call 555"], book: fixture.store) == nil)
        #expect(try await SensorActions.notice(["paired": "C0:FF:EE:00:00:42"], book: fixture.store) == nil)
        #expect(try await SensorActions.notice([:], book: fixture.store) == nil)
    }
}
