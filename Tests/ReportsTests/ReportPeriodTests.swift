import Foundation
import Reports
import Testing

@Suite struct ReportPeriodTests {
    func day(_ text: String) throws -> LocalDay { try #require(LocalDay(text)) }

    @Test func theWeekIsTheLastSevenDaysAndTheOneBeforeIsTheSevenBefore() throws {
        let week = ReportPeriod(.week, endingOn: try day("2026-03-03"))
        #expect(
            week.days.map(\.description) == [
                "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03",
            ])
        let before = try #require(week.previous)
        #expect(before.firstDay == (try day("2026-02-18")))
        #expect(before.endDay == (try day("2026-02-25")))
    }

    @Test func aMonthIsTheCalendarMonthAndTheOneBeforeIsThePreviousMonth() throws {
        let march = ReportPeriod(.month, endingOn: try day("2024-03-31"))
        #expect(march.days.count == 31)
        let february = try #require(march.previous)
        #expect(february.days.count == 29)  // 2024 is a leap year
        #expect(february.firstDay == (try day("2024-02-01")))
        let january = ReportPeriod(.month, endingOn: try day("2026-01-15")).previous
        #expect(january?.firstDay == (try day("2025-12-01")))
        #expect(january?.endDay == (try day("2026-01-01")))
    }

    @Test func aYearAndTheOneBefore() throws {
        let year = ReportPeriod(.year, endingOn: try day("2026-06-30"))
        #expect(year.days.count == 365)
        #expect(year.previous?.firstDay == (try day("2025-01-01")))
        #expect(year.previous?.endDay == (try day("2026-01-01")))
        #expect(ReportPeriod(.all, endingOn: try day("2026-06-30")).previous == nil)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-01", "", "2026-01-01x", "２０２６-01-01"])
    func impossibleOrMisspeltDaysAreRefused(_ text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func dayArithmeticCrossesMonthsYearsAndLeapDays() throws {
        #expect(try day("2024-02-28").adding(days: 1).description == "2024-02-29")
        #expect(try day("2023-12-31").adding(days: 1).description == "2024-01-01")
        #expect(try day("2024-03-01").adding(days: -1).description == "2024-02-29")
        #expect(try day("2024-01-31").adding(months: 1).description == "2024-02-29")
        #expect(try day("2026-01-01").days(until: try day("2027-01-01")) == 365)
        #expect(try day("2026-11-23").weekday == 1)  // a Monday
        #expect(try day("2026-11-29").weekday == 7)
    }
}
