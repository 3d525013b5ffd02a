import Foundation
import HubCore
import HubStore
import Records
import Testing

@testable import Web

/// `/settings/profile` saves as `stayfit profile set` does: the same checks and words (`ProfileForm`), the same
/// store call, nothing written when refused.
@Suite struct ProfilePageTests {
    static let now = PeopleFixture.noon

    /// Alex's form as the page sends it back unchanged.
    static let unchanged: [String: String] = [
        "csrf": "t", "name": "Alex", "birth-date": "1986-06-15", "gender": "male", "height": "180", "weight": "80",
        "heart-rate-monitoring": "off", "ftp": "",
    ]

    static func form(_ changes: [String: String]) -> [String: String] {
        unchanged.merging(changes) { $1 }
    }

    @Test func theFormShowsTheStoredProfileAndCarriesTheToken() async throws {
        let fixture = try await PeopleFixture()
        let page = try await ProfilePage.render(book: fixture.store, csrfToken: "tok")
        #expect(page.title == "Profile")
        #expect(
            page.body.contains(
                "<form class=\"profile\" method=\"post\" action=\"/settings/profile\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"))
        for shown in [
            "name=\"name\" value=\"Alex\"", "name=\"birth-date\" value=\"1986-06-15\"",
            "<option value=\"male\" selected>",
            "name=\"height\" value=\"180\"", "name=\"weight\" value=\"80\"", "<option value=\"off\" selected>",
            "name=\"ftp\" value=\"\"",
        ] {
            #expect(page.body.contains(shown), "\(shown)")
        }
        #expect(!page.body.contains("Profile saved."))
        #expect(!page.body.contains("No profile yet."))
    }

    @Test func aValidFormSavesWhatStayfitProfileSetWouldAndTellsTheHub() async throws {
        let fixture = try await PeopleFixture()
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let typed = Self.form([
            "gender": " Female ", "weight": "72.45", "heart-rate-monitoring": "on", "ftp": "230 W",
        ])
        let outcome = try await ProfilePage.save(typed, book: fixture.store, bus: bus, csrfToken: "t", now: Self.now)
        #expect(outcome == .redirect(to: "/settings/profile?saved=yes"))
        // What `stayfit profile set --name Alex --birth-date 1986-06-15 --gender ' Female ' … --ftp '230 W'` saves.
        let cli = try ProfileForm(
            name: "Alex", birthDate: "1986-06-15", gender: " Female ", height: "180", weight: "72.45",
            heartRateMonitoring: true, ftp: "230 W"
        ).validated(against: PeopleFixture.profile, today: Self.now)
        let saved = try await fixture.store.profile()
        #expect(saved == cli)
        #expect(
            saved
                == Profile(
                    name: "Alex", birthDate: "1986-06-15", gender: .female, heightCentimeters: 180,
                    weightKilograms: 72.45, heartRateMonitoring: true, ftpWatts: 230))
        bus.publish(StoreChanged(section: .devices))
        var messages = changes.makeAsyncIterator()
        #expect(await messages.next() == StoreChanged(section: .profile))
        let page = try await ProfilePage.render(book: fixture.store, csrfToken: "t", saved: true)
        #expect(page.body.contains("<p class=\"saved\">Profile saved.</p>"))
        #expect(page.body.contains("name=\"weight\" value=\"72.45\""))
        #expect(page.body.contains("name=\"ftp\" value=\"230\""))
    }

    @Test func anEmptyFTPKeepsTheStoredOneAsLeavingOutFTPDoes() async throws {
        let fixture = try await PeopleFixture()
        var profile = PeopleFixture.profile
        profile.ftpWatts = 250
        try await fixture.store.saveProfile(profile, at: Self.now)
        let outcome = try await ProfilePage.save(
            Self.form(["ftp": " ", "height": "181"]), book: fixture.store, bus: MessageBus(), csrfToken: "t",
            now: Self.now)
        #expect(outcome == .redirect(to: "/settings/profile?saved=yes"))
        #expect(try await fixture.store.profile()?.ftpWatts == 250)
        #expect(try await fixture.store.profile()?.heightCentimeters == 181)
    }

    @Test func aPersonAddedByNameAloneIsOfferedTheirNameAndKeepsItAsTheCLIDoes() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.setCurrentPerson(named: "Sam")
        let page = try await ProfilePage.render(book: fixture.store, csrfToken: "t")
        #expect(page.body.contains("No profile yet."))
        #expect(page.body.contains("name=\"name\" value=\"Sam\""))
        // No name field at all, as `stayfit profile set --birth-date … --weight 61` without --name.
        let fields = [
            "birth-date": "1990-04-21", "gender": "female", "height": "168", "weight": "61",
            "heart-rate-monitoring": "off",
        ]
        let outcome = try await ProfilePage.save(
            fields, book: fixture.store, bus: MessageBus(), csrfToken: "t", now: Self.now)
        #expect(outcome == .redirect(to: "/settings/profile?saved=yes"))
        #expect(
            try await fixture.store.profile()
                == Profile(
                    name: "Sam", birthDate: "1990-04-21", gender: .female, heightCentimeters: 168, weightKilograms: 61))
        // Alex's profile is Alex's still.
        let alex = try await fixture.store.people().first { $0.name == "Alex" }
        #expect(alex?.profile == PeopleFixture.profile)
    }

    @Test(arguments: [
        ("name", "", "Enter Name: the name is empty; give one, e.g. --name \"Alex\"."),
        ("name", String(repeating: "a", count: 101), "Enter Name: at most 100 characters."),
        ("birth-date", "", "Select DOB: --birth-date YYYY-MM-DD, e.g. 1990-04-21."),
        (
            "birth-date", "2027-01-01",
            "Select DOB: \"2027-01-01\" is not a past date written YYYY-MM-DD, e.g. 1990-04-21."
        ),
        (
            "birth-date", "21/04/1990",
            "Select DOB: \"21/04/1990\" is not a past date written YYYY-MM-DD, e.g. 1990-04-21."
        ),
        (
            "birth-date", "1906-11-26",
            "Select DOB: \"1906-11-26\" is more than 120 years ago; give a date from 1906-11-27 on."
        ),
        ("gender", "", "Select Gender: --gender male, female or other."),
        ("gender", "robot", "Select Gender: --gender male, female or other."),
        ("height", "", "Enter Height: a number of centimetres, e.g. 178."),
        ("height", "20", "Enter Proper Height: \"20\" is not a number of centimetres from 50 to 272."),
        ("height", "abc", "Enter Proper Height: \"abc\" is not a number of centimetres from 50 to 272."),
        ("weight", "nan", "Enter Proper Weight: \"nan\" is not a number of kilograms from 20 to 400."),
        ("weight", "1000", "Enter Proper Weight: \"1000\" is not a number of kilograms from 20 to 400."),
        (
            "ftp", "9000",
            "Enter Proper FTP: \"9000\" is not a power from 50 to 600 W; give whole watts, e.g. --ftp 230."
        ),
    ])
    func eachInvalidFieldShowsTheCLIsWordsAndWritesNothing(field: String, text: String, message: String)
        async throws
    {
        let fixture = try await PeopleFixture()
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let typed = Self.form([field: text])
        let outcome = try await ProfilePage.save(typed, book: fixture.store, bus: bus, csrfToken: "t", now: Self.now)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        // The command line's words, in the page's: "e.g. --ftp 230" is "e.g. 230" there.
        let onPage = FieldWords.onPage(message, labels: FieldWords.profile)
        #expect(page.body.contains("<p>" + HTMLText.escape(onPage) + "</p>"), "\(page.body)")
        #expect(!page.body.contains("--"), "no option of the command line on the page: \(page.body)")
        // The same words as the command line's check of the same fields.
        #expect(throws: Self.error(message)) {
            try ProfileForm(
                name: typed["name"], birthDate: typed["birth-date"], gender: typed["gender"], height: typed["height"],
                weight: typed["weight"], heartRateMonitoring: false, ftp: typed["ftp"].flatMap { $0.isEmpty ? nil : $0 }
            ).validated(against: PeopleFixture.profile, today: Self.now)
        }
        #expect(try await fixture.store.profile() == PeopleFixture.profile)
        bus.publish(StoreChanged(section: .devices))
        var messages = changes.makeAsyncIterator()
        #expect(await messages.next() == StoreChanged(section: .devices))
        // The form comes back with what was typed, short enough to be worth it; a gender that is none of the
        // choices leaves "Choose" showing.
        if field == "gender" {
            #expect(!page.body.contains(" selected>Male") && !page.body.contains(" selected>Female"))
        } else if text.count <= 200 {
            #expect(page.body.contains("name=\"\(field)\" value=\"\(HTMLText.escape(text))\""))
        }
    }

    /// "Enter Name: at most 100 characters." as the `ProfileError` it was made from.
    static func error(_ message: String) -> ProfileError {
        let colon = message.firstIndex(of: ":") ?? message.endIndex
        let hint = message[message.index(colon, offsetBy: 2)...].dropLast()
        return ProfileError(String(message[..<colon]), hint: String(hint))
    }

    @Test func aRefusedFormShowsTheStoredValueOfEachFieldItLeftOut() async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await ProfilePage.save(
            ["height": "20"], book: fixture.store, bus: MessageBus(), csrfToken: "t", now: Self.now)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("name=\"height\" value=\"20\""))
        #expect(page.body.contains("name=\"name\" value=\"Alex\""))
        #expect(page.body.contains("name=\"weight\" value=\"80\""))
        #expect(page.body.contains("<option value=\"male\" selected>"))
    }

    @Test func anotherPersonsNameIsRefusedByTheStoreAndNothingWritten() async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await ProfilePage.save(
            Self.form(["name": "sam", "weight": "70"]), book: fixture.store, bus: MessageBus(), csrfToken: "t",
            now: Self.now)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("<div class=\"problems\" role=\"alert\"><p>"))
        #expect(page.body.contains("Sam") || page.body.contains("sam"))
        #expect(try await fixture.store.profile() == PeopleFixture.profile)
    }

    @Test func aMonitoringSwitchThatIsNeitherOnNorOffIsRefused() async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await ProfilePage.save(
            Self.form(["heart-rate-monitoring": "maybe", "weight": "70"]), book: fixture.store, bus: MessageBus(),
            csrfToken: "t", now: Self.now)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("<p>Heart-rate monitoring is either on or off.</p>"))
        #expect(try await fixture.store.profile() == PeopleFixture.profile)
    }

    @Test func hostileTextIsSavedAsTextAndShownEscaped() async throws {
        let fixture = try await PeopleFixture(people: ["Alex"])
        let name = "<script>alert(\"x\")</script> O'Brien & co"
        let outcome = try await ProfilePage.save(
            Self.form(["name": name]), book: fixture.store, bus: MessageBus(), csrfToken: "t", now: Self.now)
        #expect(outcome == .redirect(to: "/settings/profile?saved=yes"))
        #expect(try await fixture.store.profile()?.name == name)
        let page = try await ProfilePage.render(book: fixture.store, csrfToken: "t")
        #expect(!page.body.contains("<script"))
        #expect(
            page.body.contains(
                "value=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; co\""))
    }

    @Test func controlCharactersAndVeryLongTextAreRefusedAndNotSentBack() async throws {
        let fixture = try await PeopleFixture()
        let long = String(repeating: "<b>", count: 5_000)
        for typed in [["name": "Al\u{1B}[31mex"], ["name": long], ["height": long], ["birth-date": "1990\u{0}-01-01"]] {
            let outcome = try await ProfilePage.save(
                Self.form(typed), book: fixture.store, bus: MessageBus(), csrfToken: "t", now: Self.now)
            guard case .invalid(let page) = outcome else {
                Issue.record("\(typed): \(outcome)")
                continue
            }
            #expect(!page.body.contains("\u{1B}") && !page.body.contains("\u{0}"))
            #expect(!page.body.contains("<b>"))
            #expect(page.body.count < 8_000, "\(page.body.count)")
        }
        #expect(try await fixture.store.profile() == PeopleFixture.profile)
    }
}
