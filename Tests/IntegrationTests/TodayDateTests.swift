import Foundation
import Testing

@testable import stayfit

/// `stayfit today --date` and `food list --date` take a day as `stats --date` does: yyyy-MM-dd, today or yesterday.
@Suite struct TodayDateTests {
    /// Noon UTC: the same calendar day in every time zone from UTC−11 to UTC+11.
    let noon = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27 12:00 UTC

    @Test func todayAndYesterdayAreLocalDays() throws {
        #expect(try TodayCommand.day(parsing: "today", now: noon).description == "2026-11-27")
        #expect(try TodayCommand.day(parsing: "Yesterday", now: noon).description == "2026-11-26")
        #expect(try TodayCommand.day(parsing: "2026-02-28", now: noon).description == "2026-02-28")
    }

    @Test func anythingElseIsRefusedSayingWhatIsTaken() {
        #expect(throws: CLIError.self) { try TodayCommand.day(parsing: "tomorrow", now: noon) }
        do {
            _ = try TodayCommand.day(parsing: "2026-02-30", now: noon)
            Issue.record("30 February was taken")
        } catch {
            #expect("\(error)".contains("give yyyy-MM-dd (e.g. 2026-11-27), today or yesterday"), "\(error)")
        }
    }
}
