import Foundation
import HubCore
import Reminders
import Testing

/// The times a reminder falls on, worked out without a clock.
@Suite struct ReminderScheduleTests {
    let berlin = ReminderSchedule(timeZone: RemindersHarness.berlin)

    func reminder(_ time: String, _ days: Weekdays, alert: Int? = nil) throws -> Reminder {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return Reminder(
            id: 1, title: "Run", time: try #require(TimeOfDay(hour: parts[0], minute: parts[1])), weekdays: days,
            alertMinutesBefore: alert)
    }

    @Test func aReminderFallsOnItsWeekdaysOnly() throws {
        let triggers = berlin.triggers(
            of: try reminder("18:30", Weekdays([.monday, .wednesday, .friday])),
            after: RemindersHarness.date("2026-11-22 00:00"), through: RemindersHarness.date("2026-12-06 00:00"))
        #expect(
            triggers.map { RemindersHarness.label($0.firesAt) } == [
                "2026-11-23 18:30 Mon +0100", "2026-11-25 18:30 Wed +0100", "2026-11-27 18:30 Fri +0100",
                "2026-11-30 18:30 Mon +0100", "2026-12-02 18:30 Wed +0100", "2026-12-04 18:30 Fri +0100",
            ])
    }

    @Test func theRangeIsOpenAtItsStartAndClosedAtItsEnd() throws {
        let run = try reminder("07:00", .everyDay)
        let seven = RemindersHarness.date("2026-11-23 07:00")
        #expect(berlin.triggers(of: run, after: seven, through: seven.addingTimeInterval(3600)).isEmpty)
        #expect(berlin.triggers(of: run, after: seven.addingTimeInterval(-1), through: seven).count == 1)
    }

    @Test func theLocalTimeHoldsAcrossBothDaylightSavingChanges() throws {
        let run = try reminder("07:00", .everyDay)
        let spring = berlin.triggers(
            of: run, after: RemindersHarness.date("2026-03-28 00:00"),
            through: RemindersHarness.date("2026-03-31 00:00"))
        #expect(
            spring.map { RemindersHarness.label($0.firesAt) } == [
                "2026-03-28 07:00 Sat +0100", "2026-03-29 07:00 Sun +0200", "2026-03-30 07:00 Mon +0200",
            ])
        #expect(spring[1].firesAt.timeIntervalSince(spring[0].firesAt) == 23 * 3600)
        let autumn = berlin.triggers(
            of: run, after: RemindersHarness.date("2026-10-24 00:00"),
            through: RemindersHarness.date("2026-10-27 00:00"))
        #expect(
            autumn.map { RemindersHarness.label($0.firesAt) } == [
                "2026-10-24 07:00 Sat +0200", "2026-10-25 07:00 Sun +0100", "2026-10-26 07:00 Mon +0100",
            ])
        #expect(autumn[1].firesAt.timeIntervalSince(autumn[0].firesAt) == 25 * 3600)
    }

    @Test func aSkippedTimeIsReadWithTheOffsetBeforeTheChangeAndARepeatedOneIsTakenOnce() throws {
        let night = try reminder("02:30", .everyDay)
        let spring = berlin.triggers(
            of: night, after: RemindersHarness.date("2026-03-29 00:00"),
            through: RemindersHarness.date("2026-03-29 12:00"))
        #expect(spring.map { RemindersHarness.label($0.firesAt) } == ["2026-03-29 03:30 Sun +0200"])
        let autumn = berlin.triggers(
            of: night, after: RemindersHarness.date("2026-10-25 00:00"),
            through: RemindersHarness.date("2026-10-25 12:00"))
        #expect(autumn.map { RemindersHarness.label($0.firesAt) } == ["2026-10-25 02:30 Sun +0200"])
    }

    @Test func anAlertFallsItsMinutesBeforeEvenOnThePreviousDay() throws {
        let early = try reminder("00:10", Weekdays([.monday]), alert: 30)
        let triggers = berlin.triggers(
            of: early, after: RemindersHarness.date("2026-11-22 00:00"),
            through: RemindersHarness.date("2026-11-24 00:00"))
        #expect(
            triggers.map { RemindersHarness.label($0.firesAt) } == [
                "2026-11-22 23:40 Sun +0100", "2026-11-23 00:10 Mon +0100",
            ])
        #expect(triggers.map(\.minutesBefore) == [30, 0])
        #expect(triggers[0].dueAt == triggers[1].dueAt)
    }

    @Test func otherZonesUseTheirOwnLocalTime() throws {
        let tokyo = ReminderSchedule(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let next = try #require(
            tokyo.nextTrigger(of: try reminder("07:00", .everyDay), after: Date(timeIntervalSince1970: 0)))
        // 07:00 JST on 2 January 1970 is 22:00 UTC on the 1st.
        #expect(next.firesAt == Date(timeIntervalSince1970: 22 * 3600))
    }
}
