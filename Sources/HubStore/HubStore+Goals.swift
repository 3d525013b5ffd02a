import Foundation
import GRDB
import Records

extension HubStore {
    /// The goal the current person's every new workout aims at, or nil when none is set.
    public func activeGoal() async throws -> Goal? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT kind, target FROM goals WHERE \(Self.activeGoalOfPerson)",
                arguments: [try self.personID(db)]
            )
            .flatMap { row in GoalKind(rawValue: row["kind"]).map { Goal(kind: $0, target: row["target"]) } }
        }
    }

    /// Makes `goal` the current person's active goal (or clears it with nil); earlier goals are kept, inactive.
    ///
    /// A new goal keeps the auto-stop switch of the one it replaces; clearing the goal turns auto-stop off.
    public func setActiveGoal(_ goal: Goal?, at date: Date = Date()) async throws {
        try await write { db in
            let autoStop = try self.activeAutoStop(in: db)
            let person = try self.personID(db)
            try db.execute(sql: "UPDATE goals SET active = 0 WHERE active = 1 AND person_id IS ?", arguments: [person])
            if let goal {
                try db.execute(
                    sql: """
                        INSERT INTO goals (kind, target, created_at, active, auto_stop, person_id) VALUES (?, ?, ?, 1, ?, ?)
                        """,
                    arguments: [goal.kind.rawValue, goal.target, date.timeIntervalSince1970, autoStop, person])
            }
        }
    }

    /// Whether a workout stops (and is saved) by itself when it reaches the active goal. False with no goal set.
    public func goalAutoStop() async throws -> Bool {
        try await read { db in try self.activeAutoStop(in: db) }
    }

    /// Turns the active goal's auto-stop on or off.
    ///
    /// - Returns: false, changing nothing, when no goal is set (the switch belongs to a goal).
    @discardableResult
    public func setGoalAutoStop(_ enabled: Bool) async throws -> Bool {
        try await write { db in
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM goals WHERE \(Self.activeGoalOfPerson)", arguments: [try self.personID(db)])
            guard let id else { return false }
            try db.execute(sql: "UPDATE goals SET auto_stop = ? WHERE id = ?", arguments: [enabled, id])
            return true
        }
    }

    private func activeAutoStop(in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT auto_stop FROM goals WHERE \(Self.activeGoalOfPerson)", arguments: [try personID(db)])
            ?? false
    }

    /// The WHERE clause (and order) that finds a person's active goal, their id its one argument.
    private static let activeGoalOfPerson = "active = 1 AND person_id IS ? ORDER BY id DESC LIMIT 1"
}
