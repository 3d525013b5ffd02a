import Foundation
import HubCore
import HubTestKit
import Records
import Testing

@testable import Web

/// The settings list, and every settings page as a browser parses it: well-formed, no inline style or script,
/// the CSRF token in every form, whatever was typed.
@Suite struct SettingsPagesTests {
    @Test func theListLinksTheProfileAndTheGoalAndTheNavigationLinksTheList() {
        let page = SettingsPage.render()
        #expect(page.title == "Settings")
        #expect(page.body.contains("<a href=\"/settings/profile\" class=\"setting\">Profile</a>"))
        #expect(page.body.contains("<a href=\"/settings/goal\" class=\"setting\">Goal</a>"))
        #expect(page.body.components(separatedBy: "<li>").count == SettingsPage.pages.count + 1)
        #expect(PageLayout.navigation.contains { $0.path == "/settings" && $0.title == "Settings" })
        #expect(PageLayout.styleSheets.contains("settings.css"))
        #expect(StaticFiles.files["settings.css"]?.text == SettingsStyle.css)
        #expect(!SettingsStyle.css.contains("<"))
    }

    @Test func everyPageNestsHasNoStyleOrScriptAndEveryFormCarriesTheToken() async throws {
        let fixture = try await PeopleFixture()
        let store = fixture.store
        let now = PeopleFixture.noon
        let bus = MessageBus()
        let hostile = "<script>alert('x')</script>\"\u{1B}" + String(repeating: "&", count: 300)
        var pages: [WebPage] = [
            SettingsPage.render(),
            try await ProfilePage.render(book: store, csrfToken: "t", saved: true),
            try await GoalPage.render(goals: store, csrfToken: "t"),
        ]
        var outcomes: [FormOutcome] = [
            try await ProfilePage.save(["name": hostile], book: store, bus: bus, csrfToken: "t", now: now),
            try await ProfilePage.save(["height": "<b>\"'"], book: store, bus: bus, csrfToken: "t", now: now),
            try await GoalPage.change(
                ["action": "set", "kind": hostile, "value": "5"], goals: store, bus: bus, csrfToken: "t", now: now),
            try await GoalPage.change(
                ["action": "set", "kind": "steps", "value": hostile], goals: store, bus: bus, csrfToken: "t", now: now),
            try await GoalPage.change(["action": "enable"], goals: store, bus: bus, csrfToken: "t", now: now),
        ]
        try await store.setActiveGoal(Goal(kind: .duration, target: 2_700), at: now)
        try await store.setGoalAutoStop(true)
        pages.append(try await GoalPage.render(goals: store, csrfToken: "t"))
        outcomes.append(
            try await GoalPage.change(
                ["action": "set", "kind": "duration", "value": "0"], goals: store, bus: bus, csrfToken: "t", now: now))
        // Sam, added by name alone, has no profile yet.
        try await store.setCurrentPerson(named: "Sam")
        pages.append(try await ProfilePage.render(book: store, csrfToken: "t"))
        for outcome in outcomes {
            guard case .invalid(let page) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            pages.append(page)
        }
        #expect(pages.count == 11)
        for page in pages {
            #expect(WellFormedPagesTests.nestingProblem(page.body) == nil, "\(page.title): \(page.body)")
            #expect(!page.body.contains("style=") && !page.body.contains("<script"), "\(page.title)")
            #expect(!page.body.contains("\u{1B}"), "\(page.title)")
            let forms = page.body.components(separatedBy: "<form ").count - 1
            let tokens =
                page.body.components(separatedBy: "<input type=\"hidden\" name=\"csrf\" value=\"t\">").count - 1
            #expect(forms == tokens, "\(page.title): \(page.body)")
            #expect(forms > 0 || page.title == "Settings", "\(page.title)")
        }
    }

    @Test func theHubsStoreIsAProfileBookAndAGoalBookForTheWebApp() async throws {
        let (context, directory) = try PluginContext.test()
        let stores = WebStores(context: context)
        let book = try #require(stores.profileBook)
        let goals = try #require(stores.goalBook)
        let bus = MessageBus()
        let outcome = try await GoalPage.change(
            ["action": "set", "kind": "distance", "value": "800m"], goals: goals, bus: bus, csrfToken: "t")
        #expect(outcome == .redirect(to: "/settings/goal"))
        #expect(try await context.hubStore.activeGoal() == Goal(kind: .distance, target: 800))
        // No people yet: saving the profile makes the first person, as `stayfit profile set` does.
        let saved = try await ProfilePage.save(
            [
                "name": "Kim", "birth-date": "1990-04-21", "gender": "other", "height": "170", "weight": "65",
                "heart-rate-monitoring": "on",
            ], book: book, bus: bus, csrfToken: "t", now: PeopleFixture.noon)
        #expect(saved == .redirect(to: "/settings/profile?saved=yes"))
        #expect(try await context.hubStore.currentPerson()?.name == "Kim")
        #expect(try await book.profile()?.heartRateMonitoring == true)
        withExtendedLifetime(directory) {}
    }

    /// The contrast ratio (WCAG 2) of a `#rrggbb` or `#rgb` colour against another.
    static func contrast(_ first: String, _ second: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let digits = hex.count == 4 ? String(hex.dropFirst().flatMap { [$0, $0] }) : String(hex.dropFirst())
            let value = Int(digits, radix: 16) ?? 0
            let channels = [value >> 16, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
            let linear = channels.map { $0 <= 0.039_28 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test func everyTextColourOfTheSettingsPagesReadsOnTheSitesDarkBackground() throws {
        let background = "#101418"
        let muted = try #require(StaticFiles.styleSheet.firstMatch(of: /--muted: (#[0-9a-f]{6})/)?.output.1)
        #expect(StaticFiles.styleSheet.contains("--background: \(background)"))
        let colours = SettingsStyle.css.matches(of: /[\s{;]color: (#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|var\(--muted\))/).map
        {
            $0.output.1 == "var(--muted)" ? String(muted) : String($0.output.1)
        }
        #expect(colours.count >= 4)
        for colour in colours {
            #expect(Self.contrast(colour, background) >= 4.5, "\(colour) on \(background)")
        }
    }
}
