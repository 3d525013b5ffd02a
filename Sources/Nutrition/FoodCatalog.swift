import Foundation
import HubCore
import Records

/// The foods a person can log: their own first (by name), then the shipped table, searched with their favourites
/// and most eaten first. `stayfit food` and the web's food pages find foods through it alike.
public struct FoodCatalog: Sendable {
    public let own: [Food]
    public let favourites: Set<String>
    public let eaten: [String: Int]

    /// How far back "most eaten" looks.
    public static let usageWindow: TimeInterval = 90 * 86_400

    public init(store: any FoodDiary, now: Date = Date()) async throws {
        own = try await store.ownFoods().compactMap { try? Self.food($0) }
        favourites = try await store.favouriteFoods()
        eaten = try await store.foodUsage(since: now.addingTimeInterval(-Self.usageWindow))
    }

    /// Best first: the person's own foods and favourites before the rest.
    public func search(_ query: String, limit: Int = 10) -> [Food] {
        let first = favourites.union(own.map { $0.name.lowercased() })
        return FoodSearch.search(query, in: own + FoodTable.shared.foods, favourites: first, eaten: eaten, limit: limit)
    }

    /// The foods the person logs without searching: their own, their favourites and the ones they ate in the last
    /// 90 days, favourites and the most eaten first (as ``search(_:limit:)`` ranks them), then by name.
    public func usual(limit: Int = 10) -> [Food] {
        let first = favourites.union(own.map { $0.name.lowercased() })
        let rank = { (food: Food) in
            let key = food.name.lowercased()
            return (first.contains(key) ? 1_000_000 : 0) + (eaten[key] ?? 0)
        }
        var seen = Set<String>()
        return (own + FoodTable.shared.foods).filter { rank($0) > 0 && seen.insert($0.name.lowercased()).inserted }
            .sorted { (rank($0), $1.name) > (rank($1), $0.name) }.prefix(limit).map { $0 }
    }

    /// The food `query` names: exactly (case aside), else the best match.
    public func food(named query: String) -> Food? {
        let wanted = query.lowercased()
        return own.first { $0.name.lowercased() == wanted }
            ?? FoodTable.shared.foods.first { $0.name.lowercased() == wanted } ?? search(query, limit: 1).first
    }

    /// A stored own food as the search takes it.
    public static func food(_ stored: OwnFood) throws -> Food {
        let portions: [Food.Portion] = stored.portions.split(separator: ";").compactMap { text in
            let parts = text.split(separator: "=")
            guard parts.count == 2, let grams = Double(parts[1]) else { return nil }
            return Food.Portion(label: String(parts[0]), grams: grams)
        }
        return try Food(
            name: stored.name, kilocaloriesPer100Grams: stored.kilocaloriesPer100Grams,
            proteinPer100Grams: stored.proteinPer100Grams, carbohydratePer100Grams: stored.carbohydratePer100Grams,
            fatPer100Grams: stored.fatPer100Grams, portions: portions)
    }

    /// "1 slice (32 g), 1 cup (45 g)".
    public static func portions(of food: Food) -> String {
        food.portions.map { "\($0.label) (\(Format.grams($0.grams)))" }.joined(separator: ", ")
    }
}
