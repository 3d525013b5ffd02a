import Foundation
import GRDB

extension HubStore {
    /// The goal every new workout aims at, or nil when none is set.
    public func activeGoal() async throws -> Goal? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT kind, target FROM goals WHERE active = 1 ORDER BY id DESC LIMIT 1")
                .flatMap { row in GoalKind(rawValue: row["kind"]).map { Goal(kind: $0, target: row["target"]) } }
        }
    }

    /// Makes `goal` the active goal (or clears it with nil); earlier goals are kept, inactive.
    public func setActiveGoal(_ goal: Goal?, at date: Date = Date()) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE goals SET active = 0 WHERE active = 1")
            if let goal {
                try db.execute(
                    sql: "INSERT INTO goals (kind, target, created_at, active) VALUES (?, ?, ?, 1)",
                    arguments: [goal.kind.rawValue, goal.target, date.timeIntervalSince1970])
            }
        }
    }
}
