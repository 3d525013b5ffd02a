import Foundation

/// What logging food and weight needs of the store besides ``FoodLedger``: the current person's own foods,
/// favourites and usage (the search's order), adding and removing entries, weighings and the profile's weight.
/// `HubStore` conforms; `stayfit food`, `stayfit weight` and the web's food pages write through it alike.
///
/// ```swift
/// let catalog = try await FoodCatalog(store: diary, now: now)
/// let stored = try await diary.logFood(entry)
/// ```
public protocol FoodDiary: FoodLedger, ProfileSource {
    /// The person the hub records for now, nil before anyone is added: whose day the pages show.
    func currentPerson() async throws -> Person?
    /// Keeps the current person's activity level and weight goal (`stayfit today --activity … --goal …`), each left
    /// as it is where nil; false when the hub has nobody to keep them for.
    func setEnergyBudget(activity: String?, goal: String?) async throws -> Bool
    /// The current person's own foods, by name.
    func ownFoods() async throws -> [OwnFood]
    /// The current person's favourite foods, by name in lower case.
    func favouriteFoods() async throws -> Set<String>
    /// How often the current person logged each food (by its name in lower case) since `date`.
    func foodUsage(since date: Date) async throws -> [String: Int]
    /// Logs `entry` for the current person; returns it with its id.
    func logFood(_ entry: FoodEntry) async throws -> FoodEntry
    /// Removes the current person's entry `id`; nil when they have none of that number.
    func removeFoodEntry(id: Int64) async throws -> FoodEntry?
    /// Logs a weighing for the current person.
    func logWeight(_ entry: WeightEntry) async throws
    /// Saves the current person's profile (a weighing becomes its weight).
    func saveProfile(_ profile: Profile, at date: Date) async throws
}
