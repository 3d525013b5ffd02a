import Foundation
import HubCore
import HubTestKit
import Reminders
import Testing

/// The plugin on a manual clock in Europe/Berlin: the right weekdays, daylight-saving changes both ways, steps of
/// the wall clock, the missed-while-off case and changes made with the CLI.
@Suite struct RemindersPluginTests {
    static let mondayWednesdayFriday = Weekdays([.monday, .wednesday, .friday])

    @Test func firesOnItsWeekdaysOnlyAtItsTime() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 06:00")  // a Monday
        _ = try await hub.add("Evening run", at: "07:00", on: Self.mondayWednesdayFriday)
        var firedOn: [String] = []
        try await hub.running {
            for day in 23...29 {
                try await hub.advance(to: "2026-11-\(day) 06:59")
                #expect(try await hub.published().isEmpty, "nothing before 07:00 on the \(day)th")
                try await hub.advance(to: "2026-11-\(day) 07:00")
                let published = try await hub.published()
                if !published.isEmpty {
                    #expect(published == ["Reminder: Evening run."])
                    firedOn.append(String(RemindersHarness.label(hub.clock.now).dropFirst(11)))
                }
            }
        }
        #expect(firedOn == ["07:00 Mon +0100", "07:00 Wed +0100", "07:00 Fri +0100"])
    }

    @Test func keepsItsLocalTimeWhenSummerTimeStarts() async throws {
        let hub = try RemindersHarness(at: "2026-03-28 06:00")  // Saturday; clocks go forward on Sunday at 02:00
        _ = try await hub.add("Morning run", at: "07:00", on: .everyDay)
        var fired: [String] = []
        try await hub.running {
            for day in ["2026-03-28", "2026-03-29", "2026-03-30"] {
                // 24 hours after Saturday's 07:00 is Sunday's 08:00: a schedule that adds days of seconds is
                // an hour late, and this look at 07:00:30 would find nothing.
                try await hub.advance(to: "\(day) 06:59")
                #expect(try await hub.published().isEmpty)
                try await hub.advance(to: "\(day) 07:00")
                #expect(try await hub.published() == ["Reminder: Morning run."], "on \(day)")
                fired.append(RemindersHarness.label(hub.clock.now))
            }
        }
        #expect(fired == ["2026-03-28 07:00 Sat +0100", "2026-03-29 07:00 Sun +0200", "2026-03-30 07:00 Mon +0200"])
    }

    @Test func keepsItsLocalTimeWhenSummerTimeEnds() async throws {
        let hub = try RemindersHarness(at: "2026-10-24 06:00")  // Saturday; clocks go back on Sunday at 03:00
        _ = try await hub.add("Morning run", at: "07:00", on: .everyDay)
        var fired: [String] = []
        try await hub.running {
            for day in ["2026-10-24", "2026-10-25", "2026-10-26"] {
                // 24 hours after Saturday's 07:00 is Sunday's 06:00: a schedule that adds days of seconds would
                // have fired by this look at 06:59:30.
                try await hub.advance(to: "\(day) 06:59")
                #expect(try await hub.published().isEmpty, "too early on \(day)")
                try await hub.advance(to: "\(day) 07:00")
                #expect(try await hub.published() == ["Reminder: Morning run."], "on \(day)")
                fired.append(RemindersHarness.label(hub.clock.now))
            }
        }
        #expect(fired == ["2026-10-24 07:00 Sat +0200", "2026-10-25 07:00 Sun +0100", "2026-10-26 07:00 Mon +0100"])
    }

    @Test func aTimeInTheSkippedHourFiresAnHourLaterAndOneInTheRepeatedHourFiresOnce() async throws {
        let hub = try RemindersHarness(at: "2026-03-29 01:00")
        _ = try await hub.add("Night shift stretch", at: "02:30", on: .everyDay)
        try await hub.running {
            // 02:30 does not exist on 29 March: RFC 5545 reads it with the winter offset, 03:30 summer time.
            try await hub.advance(to: "2026-03-29 01:59")
            try await hub.advance(by: .seconds(30 * 60))  // 03:29:30 CEST
            #expect(try await hub.published().isEmpty)
            try await hub.advance(by: .seconds(60))  // 03:30:30 CEST
            #expect(try await hub.published() == ["Reminder: Night shift stretch."])

            // 02:30 happens twice on 25 October: the reminder fires at the first.
            try await hub.advance(to: "2026-10-25 01:59")
            for _ in 0..<31 { try await hub.advance(by: .seconds(60)) }
            #expect(RemindersHarness.label(hub.clock.now) == "2026-10-25 02:30 Sun +0200")
            // Fired once, at the first 02:30 (the jump from March to October may bring mentions of days skipped).
            let atTheFirst = try await hub.published()
            #expect(
                atTheFirst.filter { !$0.hasPrefix("missed: ") } == ["Reminder: Night shift stretch."], "\(atTheFirst)")
            for _ in 0..<65 { try await hub.advance(by: .seconds(60)) }  // past 02:30 again, in winter time
            #expect(RemindersHarness.label(hub.clock.now).hasSuffix("02:35 Sun +0100"))
            #expect(try await hub.published().isEmpty, "fired again in the repeated hour")
        }
    }

    @Test func aWallClockStepForwardMentionsWhatItSkippedOnceInsteadOfFiringIt() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 06:00")
        _ = try await hub.add("Morning run", at: "07:00", on: .everyDay)
        _ = try await hub.add("Stretch", at: "08:00", on: .everyDay)
        _ = try await hub.add("Lunch walk", at: "12:00", on: .everyDay)
        try await hub.running {
            // NTP steps the wall clock on by three hours; the plugin notices at its next wake, within a minute.
            hub.clock.stepWallClock(by: 3 * 3600)
            try await hub.advance(by: .seconds(60))
            let published = try await hub.published()
            // Only the mentions: a stale reminder fired after the step would be a "Reminder: …" here.
            #expect(
                published.sorted() == [
                    "missed: Morning run (Monday 07:00)", "missed: Stretch (Monday 08:00)",
                ])
            for _ in 0..<5 { try await hub.advance(by: .seconds(60)) }
            #expect(try await hub.published().isEmpty, "mentioned again")
            try await hub.advance(to: "2026-11-23 12:00")
            #expect(try await hub.published() == ["Reminder: Lunch walk."])
        }
    }

    @Test func aWallClockStepBackFiresNothingTwice() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 11:00")
        _ = try await hub.add("Lunch walk", at: "12:00", on: .everyDay)
        try await hub.running {
            try await hub.advance(to: "2026-11-23 12:00")
            #expect(try await hub.published() == ["Reminder: Lunch walk."])
            hub.clock.stepWallClock(by: -45 * 60)  // back to 11:15:30
            for _ in 0..<60 { try await hub.advance(by: .seconds(60)) }  // past 12:00 again
            #expect(RemindersHarness.label(hub.clock.now) == "2026-11-23 12:15 Mon +0100")
            #expect(try await hub.published().isEmpty, "fired twice after the clock went back")
            try await hub.advance(to: "2026-11-24 12:00")
            #expect(try await hub.published() == ["Reminder: Lunch walk."], "the next day's is fired")
        }
    }

    @Test func aReminderDueWhileTheHubWasOffIsMentionedOnceAndNeverFiredLate() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 07:01")
        // Added on Saturday; the hub was off since. Monday's 07:00 passed a minute before it started.
        _ = try await hub.add(
            "Morning run", at: "07:00", on: .everyDay, addedAt: RemindersHarness.date("2026-11-21 20:00"))
        _ = try await hub.add(
            "Yoga", at: "06:00", on: Weekdays([.saturday]), addedAt: RemindersHarness.date("2026-11-21 20:00"))
        try await hub.running {
            let published = try await hub.published()
            #expect(published == ["missed: Morning run (Monday 07:00)"], "fired late, or not mentioned")
        }
        // A restart does not repeat it.
        try await hub.running {
            #expect(try await hub.published().isEmpty)
            try await hub.advance(to: "2026-11-24 07:00")
            #expect(try await hub.published() == ["Reminder: Morning run."])
        }
    }

    @Test func nothingFiresBeforeTheWallClockIsSetAndWhatWasDueIsMentionedOnceItIs() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 06:58", synchronised: false)
        _ = try await hub.add("Morning run", at: "07:00", on: .everyDay)
        try await hub.running {
            for _ in 0..<3 { try await hub.advance(by: .seconds(60)) }  // 07:01
            #expect(try await hub.published().isEmpty, "fired by an unset clock")
            hub.clock.setWallClockSynchronised(true)
            try await hub.advance(by: .seconds(60))
            let published = try await hub.published()
            #expect(published == ["missed: Morning run (Monday 07:00)"])
        }
    }

    @Test func anAlertOneMinuteAheadSaysMinuteNotMinutes() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 18:00")
        _ = try await hub.add("Stretch", at: "18:30", on: .everyDay, alert: 1)
        try await hub.running {
            try await hub.advance(to: "2026-11-23 18:29")
            #expect(try await hub.published() == ["In 1 minute: Stretch."])
        }
    }

    @Test func anAlertComesTheGivenMinutesBeforeTheReminder() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 18:00")
        _ = try await hub.add("Evening run", at: "18:30", on: .everyDay, alert: 15)
        try await hub.running {
            try await hub.advance(to: "2026-11-23 18:15")
            #expect(try await hub.published() == ["In 15 minutes: Evening run."])
            try await hub.advance(to: "2026-11-23 18:30")
            #expect(try await hub.published() == ["Reminder: Evening run."])
        }
    }

    @Test func changesMadeWithTheCommandLineAreUsedWhileItRuns() async throws {
        let hub = try RemindersHarness(at: "2026-11-23 06:00")
        let off = try await hub.add("Swim", at: "06:30", on: .everyDay)
        try await hub.running {
            _ = try await hub.add("Stretch", at: "07:00", on: .everyDay)
            try await hub.context.hubStore.setReminderEnabled(id: off.id, false)
            hub.context.bus.publish(StoreChanged(section: .reminders))
            for _ in 0..<61 { try await hub.advance(by: .seconds(60)) }  // 07:01, a wake every minute
            let published = try await hub.published()
            #expect(published == ["Reminder: Stretch."], "a turned-off reminder fired")
        }
    }
}
