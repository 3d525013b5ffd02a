import Foundation
import HubCore
import HubStore
import Records
import Testing

@testable import Web

/// Every reminders page as a browser parses it (the checker of `WellFormedPagesTests`), with no inline style or
/// script and the session's token in every form, whatever was typed; hostile text is stored as the CLI stores it
/// and shown escaped, or refused with the CLI's message.
@Suite struct WellFormedReminderPagesTests {
    static let hostile = "<script>alert(\"x\")</script> & 'quoted' \"Run\""

    @Test func everyPageNestsHasNoStyleOrScriptAndATokenInEveryForm() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        // The CLI takes this title (no control characters, 50 characters), so the web does too.
        #expect(
            try await RemindersPage.add(
                RemindersFixture.form(["title": Self.hostile, "time": "07:00"], days: ["sun"]), store: fixture.store,
                bus: fixture.bus, csrfToken: "t") == .redirect(to: "/reminders"))
        var pages = [
            try await RemindersPage.render(store: fixture.store, csrfToken: "t"),
            try await EditReminderPage.render(id: "2", store: fixture.store, csrfToken: "t").get(),
            try await DeleteReminderPage.confirmation(id: "2", store: fixture.store, csrfToken: "t").get(),
        ]
        let refused = [
            try await RemindersPage.add(
                RemindersFixture.form(["title": "<i>\u{1B}[2J", "time": "\"><b>"], days: ["mon"]),
                store: fixture.store, bus: fixture.bus, csrfToken: "t"),
            try await RemindersPage.add(
                RemindersFixture.form(["title": "Run", "time": "<b>\"x\"</b>"], days: ["mon"]),
                store: fixture.store, bus: fixture.bus, csrfToken: "t"),
            try await EditReminderPage.save(
                id: "2", RemindersFixture.form(["alert": "<script>"], days: ["mon"]), store: fixture.store,
                bus: fixture.bus, csrfToken: "t"),
            try await RemindersPage.turn(id: "<script>", on: true, store: fixture.store, bus: fixture.bus),
        ]
        for outcome in refused {
            switch outcome {
            case .invalid(let page), .notFound(let page): pages.append(page)
            case .redirect: Issue.record("\(outcome)")
            }
        }
        for page in pages {
            #expect(WellFormedPagesTests.nestingProblem(page.body) == nil, "\(page.title): \(page.body)")
            #expect(!page.body.contains("style=") && !page.body.contains("<script"), "\(page.title): \(page.body)")
            #expect(!page.body.contains("\u{1B}"), "\(page.title)")
            let forms = page.body.components(separatedBy: "<form ").count - 1
            let tokens =
                page.body.components(separatedBy: "<input type=\"hidden\" name=\"csrf\" value=\"t\">").count - 1
            #expect(forms == tokens, "\(page.title): \(forms) forms, \(tokens) tokens")
        }
        // Forms on the list (add, and each reminder's on/off), the edit page and the question.
        #expect(pages[0].body.components(separatedBy: "<form ").count - 1 == 3)
        #expect(pages[1].body.contains("<form "))
        #expect(pages[2].body.contains("<form "))
        let escaped = HTMLText.escape(Self.hostile)
        #expect(pages[0].body.contains("<td>\(escaped)</td>"))
        #expect(pages[0].body.contains("aria-label=\"Turn off \(escaped)\""))
        #expect(pages[1].body.contains("value=\"\(escaped)\""))
        #expect(pages[2].body.contains(HTMLText.escape(Format.printable(Self.hostile, limit: nil))))
        #expect(try await fixture.store.reminder(id: 2)?.title == Self.hostile)
    }

    @Test func aTitleTooLongOrWithControlCharactersIsRefusedAsTheCLIRefusesIt() async throws {
        let fixture = try await RemindersFixture()
        let long = String(repeating: "<x>", count: 5000)
        let titles = [
            (long, "Enter Title: the title is 15000 characters long; keep it to 100."),
            ("Run\u{1B}[31m", "Enter Title: \"Run\\u{1B}[31m\" has control characters (tabs, line breaks)"),
            ("Run\nnow", "Enter Title: \"Run\\nnow\" has control characters"),
            ("Run\u{7F}", "Enter Title: \"Run\\u{7F}\" has control characters"),
        ]
        for (title, message) in titles {
            let outcome = try await RemindersPage.add(
                RemindersFixture.form(["title": title, "time": "07:00"], days: ["mon"]), store: fixture.store,
                bus: fixture.bus, csrfToken: "t")
            guard case .invalid(let page) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(page.body.contains("<p>" + HTMLText.escape(message)), "\(page.body.prefix(600))")
            // Not sent back: a page of 15,000 characters, or a control character in a field.
            #expect(!page.body.contains("<x>") && !page.body.contains("&lt;x&gt;&lt;x&gt;"))
            #expect(!page.body.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        }
        #expect(try await fixture.store.reminders().isEmpty)
        #expect(await fixture.published().isEmpty)
    }

    @Test func theStyleSheetIsServedAndListedWithNoMarkupInIt() {
        #expect(StaticFiles.files["reminders.css"]?.text == RemindersStyle.css)
        #expect(PageLayout.styleSheets.contains("reminders.css"))
        // Reached from the settings, which the navigation has.
        #expect(SettingsPage.pages.contains { $0.path == "/reminders" && $0.title == "Reminders" })
        #expect(PageLayout.navigation.contains { $0.path == "/settings" })
        #expect(RemindersStyle.css.contains("min-height: 3rem"))
        #expect(!RemindersStyle.css.contains("<"))
    }
}
