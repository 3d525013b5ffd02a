import Foundation

/// What the hub's energy budget reads of the store: the current person's food log, the energy of their workouts,
/// and their activity level and weight goal. `HubStore` conforms.
public protocol FoodLedger: Sendable {
    /// The current person's entries of the days `from` through `through` (`yyyy-MM-dd`).
    func foodEntries(from: String, through: String) async throws -> [FoodEntry]
    /// Kilocalories of the current person's real workouts that started from `start` until `end`.
    func workoutKilocalories(from start: Date, until end: Date) async throws -> Int
    /// The current person's activity level and weight goal as set, each nil where none is.
    func energyBudgetSettings() async throws -> (activity: String?, goal: String?)
    /// The current person's weighings since `date`, oldest first.
    func weights(since date: Date) async throws -> [WeightEntry]
    /// The same records held to the person current now: the several reads that make one answer (a day's food, its
    /// settings, workouts and profile) are then one person's, even if someone else is chosen in between.
    func holdingCurrentPerson() async throws -> Self
}

extension FoodLedger {
    /// A ledger with no people (a test's) has nobody else to switch to.
    public func holdingCurrentPerson() async throws -> Self { self }
}
