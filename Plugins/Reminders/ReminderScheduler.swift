import Foundation
import HubCore

/// Decides, at each look at the wall clock, which reminders fire and which were missed; no I/O, no clock of its own.
///
/// Each reminder is handled up to a wall-clock time. A look at `now` takes the triggers between that time and
/// `now`: the latest fires when it is at most `lateness` old, else the latest time the reminder itself was due is
/// mentioned as missed (when it is within `mentionMissedWithin`); either way the reminder is handled up to `now`.
/// So a forward step of the wall clock brings one mention, not a burst; a backward step leaves the reminder
/// handled up to a time still ahead, and nothing fires twice. A step back of more than a day means the clock was
/// wrong before (set far ahead): the reminders start again from `now`.
struct ReminderScheduler {
    /// What one look found.
    struct Look {
        var due: [(Reminder, ReminderSchedule.Trigger)] = []
        var missed: [(Reminder, ReminderSchedule.Trigger)] = []
        /// Reminders whose handled time moved past a trigger: to be recorded in the store.
        var handled: [Int64] = []
        var clockWentBack = false
        let schedule: ReminderSchedule

        /// `Monday 18:30`: when a trigger's reminder was due, in local time.
        func label(of trigger: ReminderSchedule.Trigger, _ reminder: Reminder) -> String {
            let day = ReminderSchedule.weekday(ofCivilDay: schedule.civilDay(of: trigger.dueAt))
            return "\(day.name) \(reminder.time)"
        }
    }

    let schedule: ReminderSchedule
    let lateness: TimeInterval
    let mentionMissedWithin: TimeInterval
    private(set) var reminders: [Reminder] = []
    private(set) var handledUntil: [Int64: Date] = [:]

    init(schedule: ReminderSchedule, lateness: TimeInterval, mentionMissedWithin: TimeInterval) {
        self.schedule = schedule
        self.lateness = lateness
        self.mentionMissedWithin = mentionMissedWithin
    }

    /// Takes the reminders as the store has them now.
    ///
    /// The store's handled time wins when it is later (a reminder edited or enabled with the CLI starts again
    /// then); the one kept here wins otherwise, having moved on with every look.
    mutating func update(reminders: [Reminder], handledUntil stored: [Int64: Date]) {
        self.reminders = reminders
        var merged: [Int64: Date] = [:]
        for reminder in reminders {
            let candidates = [handledUntil[reminder.id], stored[reminder.id]].compactMap { $0 }
            merged[reminder.id] = candidates.max()
        }
        handledUntil = merged
    }

    /// Looks at the wall clock reading `now`.
    ///
    /// - Parameter isFirst: the first look since the hub started (or since the wall clock was set): nothing before
    ///   `now` fires then, however recent; it was due while the hub was not there.
    mutating func look(at now: Date, isFirst: Bool) -> Look {
        var look = Look(schedule: schedule)
        for reminder in reminders where reminder.isEnabled {
            var from = handledUntil[reminder.id] ?? now
            if from.timeIntervalSince(now) > 86_400 {
                look.clockWentBack = true
                look.handled.append(reminder.id)
                from = now
            }
            guard now > from else {
                handledUntil[reminder.id] = from
                continue
            }
            handledUntil[reminder.id] = now
            // Nothing older than the window for mentions is acted on: no need to go through years after a clock
            // that started in 1970 is set.
            let oldest = now.addingTimeInterval(-(max(mentionMissedWithin, lateness) + 86_400))
            let triggers = schedule.triggers(of: reminder, after: max(from, oldest), through: now)
            guard let latest = triggers.last else { continue }
            look.handled.append(reminder.id)
            if !isFirst, now.timeIntervalSince(latest.firesAt) <= lateness {
                look.due.append((reminder, latest))
            } else if let event = triggers.last(where: { $0.minutesBefore == 0 }),
                now.timeIntervalSince(event.dueAt) <= mentionMissedWithin
            {
                look.missed.append((reminder, event))
            }
        }
        return look
    }

    /// The earliest trigger of an enabled reminder after `now` (and after its handled time).
    func nextFiring(after now: Date) -> Date? {
        reminders.filter(\.isEnabled).compactMap { reminder in
            schedule.nextTrigger(of: reminder, after: max(now, handledUntil[reminder.id] ?? now))?.firesAt
        }.min()
    }
}
