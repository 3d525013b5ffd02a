import Foundation
import HubCore
import Reports
import Testing

@testable import Web

/// The history pages' query strings: what is read, and what a bad value says.
@Suite struct HistoryQueryTests {
    static let today = LocalDay(LocalTime.date(year: 2026, month: 11, day: 27, hour: 12))

    @Test func readsKindDaysAndPage() {
        let query = HistoryQuery(["kind": "indoor-ride", "from": "2026-11-01", "to": "2026-11-30", "page": "2"])
        #expect(query.kind == .indoorRide)
        #expect(query.from == LocalDay(year: 2026, month: 11, day: 1))
        #expect(query.to == LocalDay(year: 2026, month: 11, day: 30))
        #expect(query.page == 2)
        #expect(query.problems.isEmpty)
        #expect(query.queryString(page: 3) == "kind=indoor-ride&from=2026-11-01&to=2026-11-30&page=3")
    }

    @Test func emptyFieldsOfTheFormMeanAnyKindAndAnyDay() {
        let query = HistoryQuery(["kind": "", "from": "", "to": " "])
        #expect(query == HistoryQuery())
    }

    @Test func aDayThatDoesNotExistIsSaidAndLeftOut() {
        let query = HistoryQuery(["from": "2026-13-45", "to": "2026-11-30"])
        #expect(query.from == nil)
        #expect(query.to == LocalDay(year: 2026, month: 11, day: 30))
        #expect(
            query.problems == [
                "From “2026-13-45” is not a date: write it as year-month-day, such as 2026-11-27."
            ])
    }

    @Test func anUnknownKindNamesTheKinds() {
        let query = HistoryQuery(["kind": "bogus"])
        #expect(query.kind == nil)
        #expect(
            query.problems == [
                "“bogus” is not a kind of workout: choose one of Run, Walk, Ride, Indoor ride, Treadmill, Row, "
                    + "Strength, Other."
            ])
    }

    @Test(arguments: ["-1", "0", "abc", "5001", "99999999999999999999"])
    func aPageThatIsNoPageShowsTheFirst(_ text: String) {
        let query = HistoryQuery(["page": text])
        #expect(query.page == 1)
        #expect(query.problems.count == 1)
        #expect(query.problems.first?.hasPrefix("Page “\(text)” is not a page") == true)
    }

    @Test func tenThousandCharactersAreQuotedCutShort() {
        let long = String(repeating: "x", count: 10_000)
        let query = HistoryQuery(["kind": long, "from": long, "page": long])
        #expect(query.kind == nil && query.from == nil && query.page == 1)
        #expect(query.problems.count == 3)
        for problem in query.problems {
            #expect(problem.contains("“" + String(repeating: "x", count: 40) + "…”"))
            #expect(problem.count < 200)
        }
    }

    @Test func controlCharactersAreLeftOutOfTheQuote() {
        let query = HistoryQuery(["kind": "ru\u{0}n\n"])
        #expect(query.problems.first?.hasPrefix("“run”") == true)
    }

    @Test func aFirstDayAfterTheLastIsSaidAndBothAreLeftOut() {
        let query = HistoryQuery(["from": "2026-11-30", "to": "2026-11-01"])
        #expect(query.from == nil && query.to == nil)
        #expect(
            query.problems == [
                "The first day (30 November 2026) comes after the last (1 November 2026): swap them. "
                    + "Showing every day."
            ])
    }

    @Test func statsReadsThePeriodAndTheDate() {
        let query = StatsQuery(["period": "month", "date": "2026-10-15"], today: Self.today)
        #expect(query.period == .month)
        #expect(query.date == LocalDay(year: 2026, month: 10, day: 15))
        #expect(query.problems.isEmpty)
        #expect(query.previous?.queryString == "period=month&date=2026-09-30")
        #expect(query.next(today: Self.today)?.queryString == "period=month&date=2026-11-01")
    }

    @Test func statsOfABadPeriodAndDateShowTheLastSevenDaysToToday() {
        let query = StatsQuery(["period": "fortnight", "date": "2026-02-30"], today: Self.today)
        #expect(query.period == .week)
        #expect(query.date == Self.today)
        #expect(
            query.problems == [
                "“fortnight” is not a period: choose day, week, month, year or all. Showing the last 7 days.",
                "The date “2026-02-30” is not a date: write it as year-month-day, such as 2026-11-27. Showing today.",
            ])
    }

    @Test func statsOfAnUnknownKindCountEveryKind() {
        let query = StatsQuery(["kind": "unicycle"], today: Self.today)
        #expect(query.kind == nil)
        #expect(query.problems.count == 1)
        #expect(query.problems.first?.hasSuffix("Strength, Other. Showing every kind.") == true)
        #expect(StatsQuery(["kind": "Indoor ride"], today: Self.today).kind == .indoorRide)
    }

    @Test func theWeekUpToTodayHasNoNextAndTheOneBeforeHas() throws {
        let week = StatsQuery(period: .week, date: Self.today)
        #expect(week.next(today: Self.today) == nil)
        let before = try #require(week.previous)
        #expect(before.date == LocalDay(year: 2026, month: 11, day: 20))
        #expect(before.next(today: Self.today)?.date == Self.today)
        #expect(StatsQuery(period: .all, date: Self.today).previous == nil)
    }

    @Test func heartRateReadsDaysAndTimesTheLastDayToItsEnd() {
        let query = HeartRateQuery(["from": "2026-11-27T06:30", "to": "2026-11-27"])
        #expect(query.problems.isEmpty)
        #expect(query.from == LocalTime.date(year: 2026, month: 11, day: 27, hour: 6, minute: 30))
        #expect(query.to == LocalTime.date(year: 2026, month: 11, day: 28))
        #expect(query.queryString == "from=2026-11-27T06:30&to=2026-11-28T00:00")
    }

    @Test(arguments: ["2026-11-27T25:00", "2026-11-27T06:30:99", "yesterday", "2026-11-27 6:30", "2026-13-45"])
    func heartRateOfABadTimeShowsTheLastDay(_ text: String) {
        let now = LocalTime.date(year: 2026, month: 11, day: 27, hour: 12)
        let query = HeartRateQuery(["from": text], now: now)
        #expect(query.from == now.addingTimeInterval(-86_400) && query.to == now)
        #expect(
            query.problems == [
                "From “\(text)” is not a time: write a day as 2026-11-27, or a day and time as 2026-11-27T06:30.",
                "Showing the last 24 hours.",
            ])
    }

    @Test func heartRateFromAfterToIsSaid() {
        let query = HeartRateQuery(["from": "2026-11-28", "to": "2026-11-27T12:00"])
        #expect(query.problems == ["From must come before to: swap them. Showing the last 24 hours."])
    }
}
