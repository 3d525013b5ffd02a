import Foundation
import HubCore
import Reminders
import Testing

/// The iCalendar text itself: line ends, folding and escaping (an independent parser checks the rest, in the
/// integration tests).
@Suite struct ICalendarTests {
    let calendar = ICalendar(timeZone: RemindersHarness.berlin, createdAt: RemindersHarness.date("2026-11-23 20:25"))

    func document(_ reminders: [Reminder]) -> String {
        calendar.document(for: reminders, startingOn: RemindersHarness.date("2026-11-23 20:25"))
    }

    @Test func everyLineEndsInCRLFAndHasAtMost75Octets() throws {
        let title = String(repeating: "Lauf über die Brücke 🏃 ", count: 4)
        let text = document([
            Reminder(id: 1, title: title, time: try #require(TimeOfDay(hour: 6, minute: 5)), weekdays: .everyDay)
        ])
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        for line in lines {
            #expect(line.last == UInt8(ascii: "\r"), "a line without CR")
            #expect(line.count - 1 <= 75, "\(line.count - 1) octets: \(String(decoding: line, as: UTF8.self))")
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a character")
        }
        // Unfolded, the title comes back whole.
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("\r\nSUMMARY:\(title)\r\n"))
    }

    @Test func textIsEscaped() throws {
        let text = document([
            Reminder(
                id: 2, title: "Run, stretch; then \\ rest", time: try #require(TimeOfDay(hour: 7, minute: 0)),
                weekdays: Weekdays([.monday]), alertMinutesBefore: 10)
        ])
        #expect(text.contains("\r\nSUMMARY:Run\\, stretch\\; then \\\\ rest\r\n"))
        #expect(text.contains("\r\nDESCRIPTION:Run\\, stretch\\; then \\\\ rest\r\n"))
    }

    @Test func theEventStartsOnItsFirstWeekdayAtLocalTimeInTheNamedZone() throws {
        let text = document([
            Reminder(
                id: 3, title: "Swim", time: try #require(TimeOfDay(hour: 18, minute: 30)),
                weekdays: Weekdays([.thursday, .saturday]), alertMinutesBefore: 15)
        ])
        // 23 November 2026 is a Monday: the first Thursday is the 26th.
        #expect(text.contains("\r\nDTSTART;TZID=Europe/Berlin:20261126T183000\r\n"))
        #expect(text.contains("\r\nRRULE:FREQ=WEEKLY;BYDAY=TH,SA\r\n"))
        #expect(text.contains("\r\nTRIGGER:-PT15M\r\n"))
        #expect(text.contains("\r\nX-WR-CALNAME:Fitness Calendar\r\n"))
        #expect(
            text.contains("\r\nBEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n")
        )
        #expect(
            text.contains("\r\nBEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n")
        )
    }
}
