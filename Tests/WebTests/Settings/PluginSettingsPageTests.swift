import Foundation
import HubCore
import Synchronization
import Testing

@testable import Web

/// The Music and Voice coach pages against a hub that answers `SettingsRequest`s as the configuration service does:
/// the form shows the file's values, sends only what changed with the version it showed, refuses what is not of a
/// field's kind before asking, and shows the hub's refusal with what was typed.
@Suite struct PluginSettingsPageTests {
    static let music = PluginSettingsPage.pages[0]
    static let fields = [
        SettingField(["playlist"], "Playlist", help: "A file.", kind: .path, default: .string("")),
        SettingField(["volume"], "Volume", help: "0 to 100.", kind: .whole(0...100, unit: "%"), default: .integer(70)),
        SettingField(["shuffle"], "Shuffle", help: "Random.", kind: .onOff, default: .boolean(false)),
        SettingField(
            ["every"], "Every", help: "km.", kind: .number(0...1000, step: 0.1, unit: "km"), default: .float(1)),
        SettingField(
            ["units"], "Units", help: "Which.", kind: .choice([("metric", "Metric"), ("imperial", "Imperial")]),
            default: .string("metric")),
        SettingField(
            ["playlists", "run"], "Run", help: "Own.", kind: .path, default: .string(""), section: "Each kind"),
    ]

    /// Answers reads with `settings` and changes with `refusal` (or success), keeping every change asked.
    final class FakeHub: Sendable {
        let bus = MessageBus()
        private let asked = Asked()
        private let task: Task<Void, Never>

        final class Asked: Sendable {
            let changes = Mutex<[SettingsAction]>([])
        }

        /// The changes asked so far.
        var changes: [SettingsAction] { asked.changes.withLock { $0 } }

        /// `afterChange`: what reads answer once a change was asked (another save that got there first).
        init(settings: PluginSettings, refusal: String? = nil, afterChange: PluginSettings? = nil) {
            let inbox = bus.inbox(of: SettingsRequest.self)
            let asked = asked
            task = Task {
                for await request in inbox {
                    if case .change = request.action {
                        asked.changes.withLock { $0.append(request.action) }
                        request.reply.answer(refusal.map { .failure(SettingsRefusal($0)) } ?? .success(settings))
                    } else {
                        let changed = !asked.changes.withLock { $0.isEmpty }
                        request.reply.answer(.success(changed ? afterChange ?? settings : settings))
                    }
                }
            }
        }

        deinit { task.cancel() }
    }

    static func settings(enabled: Bool = true, values: [[String]: ConfigValue] = [:]) -> PluginSettings {
        PluginSettings(
            plugin: "music", fields: fields, values: values, isEnabled: enabled, file: "/etc/stayfit/stayfit.toml",
            version: "12-abc")
    }

    /// The page a refused save shows; fails the test, saying `taken`, when the save went through.
    static func refused(_ form: [String: String], by hub: FakeHub, else taken: String) async throws -> WebPage {
        let outcome = await PluginSettingsPage.save(form, page: music, bus: hub.bus, csrfToken: "t")
        guard case .invalid(let page) = outcome else { throw TakenSave(what: taken, outcome: "\(outcome)") }
        return page
    }

    struct TakenSave: Error, CustomStringConvertible {
        let what: String
        let outcome: String
        var description: String { "\(what): \(outcome)" }
    }

    /// What the page's form sends unchanged: every field as shown.
    static let unchanged: [String: String] = [
        "csrf": "t", "version": "12-abc", "enabled": "on", "playlist": "/srv/music/mix.m3u", "volume": "70",
        "every": "1", "units": "metric", "playlists.run": "",
    ]

    @Test func theFormShowsTheFilesValuesAndTheDefaults() async {
        let hub = FakeHub(settings: Self.settings(values: [["playlist"]: .string("/srv/<music>/mix.m3u")]))
        let page = await PluginSettingsPage.render(Self.music, bus: hub.bus, csrfToken: "t", saved: true)
        #expect(page.body.contains("Saved in /etc/stayfit/stayfit.toml"))
        #expect(page.body.contains("name=\"playlist\" value=\"/srv/&lt;music&gt;/mix.m3u\""))
        #expect(page.body.contains("The hub cannot read this now"), "a playlist the hub cannot read is said")
        #expect(page.body.contains("name=\"volume\" value=\"70\" min=\"0\" max=\"100\""))
        #expect(page.body.contains("name=\"shuffle\" value=\"on\">"), "shuffle off: not ticked")
        #expect(page.body.contains("name=\"enabled\" value=\"on\" checked>"))
        #expect(page.body.contains("<option value=\"metric\" selected>Metric</option>"))
        #expect(page.body.contains("<h2>Each kind</h2>"))
        #expect(page.body.contains("<input type=\"hidden\" name=\"version\" value=\"12-abc\">"))
        #expect(WellFormedPagesTests.nestingProblem(page.body) == nil, "\(page.body)")
        #expect(!page.body.contains("style=") && !page.body.contains("<script"))

        let offHub = FakeHub(settings: Self.settings(enabled: false))
        let off = await PluginSettingsPage.render(Self.music, bus: offHub.bus, csrfToken: "t")
        #expect(off.body.contains("Music is off"))
    }

    @Test func onlyWhatChangedIsSentWithTheVersionShown() async {
        let hub = FakeHub(settings: Self.settings(values: [["playlist"]: .string("/srv/music/mix.m3u")]))
        var form = Self.unchanged
        form["volume"] = "55"
        form["shuffle"] = "on"
        form["every"] = "2,5"
        form["playlists.run"] = " /srv/music/run.m3u "
        let outcome = await PluginSettingsPage.save(form, page: Self.music, bus: hub.bus, csrfToken: "t")
        #expect(outcome == .redirect(to: "/settings/music?saved=yes"))
        let expected: [[String]: ConfigValue] = [
            ["volume"]: .integer(55), ["shuffle"]: .boolean(true), ["every"]: .float(2.5),
            ["playlists", "run"]: .string("/srv/music/run.m3u"),
        ]
        #expect(hub.changes == [.change("music", values: expected, version: "12-abc")])
    }

    @Test func aFieldTheFormDidNotSendIsLeftAsItIs() async {
        let hub = FakeHub(settings: Self.settings(values: [["playlist"]: .string("/srv/music/mix.m3u")]))
        var form = Self.unchanged
        form["playlist"] = nil
        form["volume"] = nil
        form["every"] = "3"
        _ = await PluginSettingsPage.save(form, page: Self.music, bus: hub.bus, csrfToken: "t")
        #expect(hub.changes == [.change("music", values: [["every"]: .float(3)], version: "12-abc")])
    }

    @Test func turningAPluginOffOrChangingOneThatIsOffKeepsItOff() async {
        let on = FakeHub(settings: Self.settings())
        var form = Self.unchanged
        form["enabled"] = nil
        form["playlist"] = ""
        _ = await PluginSettingsPage.save(form, page: Self.music, bus: on.bus, csrfToken: "t")
        #expect(
            on.changes == [.change("music", values: [["enabled"]: .boolean(false)], version: "12-abc")])

        // A table written for a plugin that is off would turn it on: `enabled = false` goes with the change.
        let off = FakeHub(settings: Self.settings(enabled: false))
        form["volume"] = "40"
        _ = await PluginSettingsPage.save(form, page: Self.music, bus: off.bus, csrfToken: "t")
        #expect(
            off.changes
                == [
                    .change(
                        "music", values: [["volume"]: .integer(40), ["enabled"]: .boolean(false)], version: "12-abc")
                ])
    }

    @Test(arguments: [
        ("volume", "loud", "Volume: \"loud\" is not a whole number from 0 to 100."),
        ("volume", "101", "Volume: \"101\" is not a whole number from 0 to 100."),
        ("volume", "", "Volume: nothing is not a whole number from 0 to 100."),
        ("every", "nan", "Every: \"nan\" is not a number from 0 to 1000."),
        ("every", "1e400", "Every: \"1e400\" is not a number from 0 to 1000."),
        ("units", "furlongs", "Units: \"furlongs\" is not one of Metric, Imperial."),
        ("playlist", "music/mix.m3u", "Playlist: \"music/mix.m3u\" is not a full path on the hub"),
        ("playlist", "/a\u{0}b", "Playlist: control characters"),
        ("playlists.run", "/x\n/y", "Run: control characters"),
    ])
    func aValueNotOfItsFieldsKindIsRefusedBeforeTheHubIsAsked(_ name: String, _ typed: String, _ said: String)
        async throws
    {
        let hub = FakeHub(settings: Self.settings())
        var form = Self.unchanged
        form[name] = typed
        let page = try await Self.refused(form, by: hub, else: "\(typed) was taken")
        #expect(page.body.contains(HTMLText.escape(said)), "\(page.body)")
        #expect(hub.changes.isEmpty)
        #expect(WellFormedPagesTests.nestingProblem(page.body) == nil)
    }

    @Test func theHubsRefusalIsShownWithWhatWasTyped() async throws {
        let said =
            "Not saved: stayfit.toml:9: plugins.voice-coach.voice: no installed eSpeak NG voice is called \"xx\"."
        let hub = FakeHub(settings: Self.settings(), refusal: said)
        var form = Self.unchanged
        form["volume"] = "33"
        let page = try await Self.refused(form, by: hub, else: "a refused change redirected")
        #expect(page.body.contains(HTMLText.escape(said)))
        #expect(page.body.contains("name=\"volume\" value=\"33\""), "what was typed comes back")
    }

    @Test func aFormReadFromAnOlderFileShowsTheFileAsItIsNowAndSendsNothing() async throws {
        let hub = FakeHub(settings: Self.settings(values: [["volume"]: .integer(40)]))
        var form = Self.unchanged
        form["version"] = "11-old"
        form["volume"] = "55"
        let page = try await Self.refused(form, by: hub, else: "a form of an older file was taken")
        #expect(page.body.contains("changed since this page was read"), "\(page.body)")
        #expect(page.body.contains("name=\"volume\" value=\"40\""), "the file's value, not the one typed over the old")
        #expect(page.body.contains("value=\"12-abc\""))
        #expect(hub.changes.isEmpty)
    }

    @Test(arguments: [1.23456789, 0.000012, 2.5, 1000, 1e-7])
    func aNumberIsShownWithEveryDigitSoSendingItBackChangesNothing(_ number: Double) {
        let shown = PluginSettingsPage.text(of: .float(number))
        #expect(Double(shown) == number, "\(shown)")
        #expect(!shown.hasSuffix(".0"))
        var form = Self.unchanged
        form["every"] = shown
        let settings = Self.settings(values: [["every"]: .float(number), ["playlist"]: .string("/srv/music/mix.m3u")])
        #expect(SettingsForm(form, settings: settings).changes.isEmpty)
    }

    @Test func aSaveThatLostARaceShowsTheFileAsTheOtherSaveLeftIt() async throws {
        var now = Self.settings(values: [["volume"]: .integer(22)])
        now.version = "13-new"
        let hub = FakeHub(
            settings: Self.settings(), refusal: "/etc/stayfit/stayfit.toml changed since this page was read",
            afterChange: now)
        var form = Self.unchanged
        form["volume"] = "11"
        let page = try await Self.refused(form, by: hub, else: "a refused change redirected")
        #expect(page.body.contains("changed since this page was read"), "\(page.body)")
        #expect(page.body.contains("name=\"volume\" value=\"22\""), "the other save's value, not the one typed")
        #expect(page.body.contains("value=\"13-new\""), "a form that can be saved")
    }

    @Test func anEmptyPlaylistShowsAnExampleNotWhatLooksLikeAValue() async {
        let hub = FakeHub(settings: Self.settings())
        let page = await PluginSettingsPage.render(Self.music, bus: hub.bus, csrfToken: "t")
        let placeholders = page.body.matches(of: /placeholder="([^"]*)"/).map { String($0.output.1) }
        #expect(placeholders.count == 2, "\(page.body)")
        #expect(placeholders.allSatisfy { $0.hasPrefix("e.g. ") }, "\(placeholders)")
    }
}
