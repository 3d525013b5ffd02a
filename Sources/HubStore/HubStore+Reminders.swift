import Foundation
import GRDB
import Records

extension HubStore {
    /// Every reminder of the current person, oldest first.
    public func reminders() async throws -> [Reminder] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM reminders WHERE person_id IS ? ORDER BY id",
                arguments: [try self.personID(db)]
            ).map(Self.reminder)
        }
    }

    /// The reminder with `id`, or nil.
    public func reminder(id: Int64) async throws -> Reminder? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM reminders WHERE id = ?", arguments: [id]).map(Self.reminder)
        }
    }

    /// Adds `reminder` (its `id` is ignored) for the current person and returns it with the id the store gave it.
    ///
    /// Its times before `date` count as handled: a reminder added now is never "missed" for earlier days.
    public func addReminder(_ reminder: Reminder, at date: Date = Date()) async throws -> Reminder {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminders (title, minute_of_day, weekdays, alert_minutes, enabled, created_at, handled_until,
                                           person_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    reminder.title, reminder.time.minuteOfDay, reminder.weekdays.rawValue, reminder.alertMinutesBefore,
                    reminder.isEnabled, date.timeIntervalSince1970, date.timeIntervalSince1970,
                    try self.personID(db),
                ])
            var added = reminder
            added.id = db.lastInsertedRowID
            return added
        }
    }

    /// Replaces the reminder with `reminder.id`; returns false when there is none.
    ///
    /// The new schedule starts at `date`: times before it are neither fired nor mentioned as missed.
    @discardableResult
    public func updateReminder(_ reminder: Reminder, at date: Date = Date()) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE reminders SET title = ?, minute_of_day = ?, weekdays = ?, alert_minutes = ?, enabled = ?,
                        handled_until = ?
                    WHERE id = ?
                    """,
                arguments: [
                    reminder.title, reminder.time.minuteOfDay, reminder.weekdays.rawValue, reminder.alertMinutesBefore,
                    reminder.isEnabled, date.timeIntervalSince1970, reminder.id,
                ])
            return db.changesCount > 0
        }
    }

    /// Turns a reminder on or off; returns false when there is none with `id`.
    ///
    /// Turned on, it counts from `date`: the times it was off are not "missed".
    @discardableResult
    public func setReminderEnabled(id: Int64, _ enabled: Bool, at date: Date = Date()) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE reminders SET enabled = ?,
                        handled_until = CASE WHEN ? AND NOT enabled THEN ? ELSE handled_until END
                    WHERE id = ?
                    """,
                arguments: [enabled, enabled, date.timeIntervalSince1970, id])
            return db.changesCount > 0
        }
    }

    /// Deletes a reminder; returns false when there is none with `id`.
    @discardableResult
    public func deleteReminder(id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM reminders WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// The wall-clock time up to which the hub fired or mentioned each reminder's times (by id).
    ///
    /// The hub keeps it so that a reminder due while it was off is mentioned once, not again after a restart.
    public func remindersHandledUntil() async throws -> [Int64: Date] {
        try await read { db in
            var handled: [Int64: Date] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, handled_until FROM reminders") {
                handled[row["id"]] = Date(timeIntervalSince1970: row["handled_until"])
            }
            return handled
        }
    }

    /// Records that the reminders with `ids` are handled up to `date` (fired, or mentioned as missed).
    ///
    /// Does not bump the reminders' change counter (the triggers leave this column out): the hub's own
    /// bookkeeping is no change for it to read again.
    public func setRemindersHandled(until date: Date, ids: [Int64]) async throws {
        guard !ids.isEmpty else { return }
        try await write { db in
            for id in ids {
                try db.execute(
                    sql: "UPDATE reminders SET handled_until = ? WHERE id = ?",
                    arguments: [date.timeIntervalSince1970, id])
            }
        }
    }

    private static func reminder(_ row: Row) -> Reminder {
        // The table's CHECKs keep the minute in range; midnight stands in should an edited file break that.
        Reminder(
            id: row["id"], title: row["title"],
            time: TimeOfDay(minuteOfDay: row["minute_of_day"]) ?? .midnight,
            weekdays: Weekdays(rawValue: row["weekdays"]), alertMinutesBefore: row["alert_minutes"],
            isEnabled: row["enabled"])
    }
}
