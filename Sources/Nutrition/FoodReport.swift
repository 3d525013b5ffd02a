import Records

/// What a person ate over some days against their targets: per day (or per month of a year), per meal, and the
/// macronutrients, for `stayfit stats food`.
public struct FoodReport: Sendable, Equatable, Encodable {
    /// One row: a day (`2026-11-27`) or a month (`2026-11`).
    public struct Row: Sendable, Equatable, Encodable {
        public var label: String
        /// Days of the row with anything logged.
        public var daysLogged: Int
        /// kcal eaten a logged day, on average (the day's total for a day).
        public var eaten: Int
        /// The target a day on average, over the row's days; nil without a profile.
        public var target: Int?
    }

    public var rows: [Row]
    /// Average kcal a logged day in each meal, breakfast first.
    public var meals: [String: Int]
    /// Average grams a logged day.
    public var proteinGrams: Double
    public var carbohydrateGrams: Double
    public var fatGrams: Double
    public var daysLogged: Int
    /// The grams to aim for a day, from the average target of the logged days and the body's weight; nil without
    /// a target. Set by whoever knows the weight.
    public var macronutrientTargets: MacronutrientTargets?

    /// - Parameters:
    ///   - days: the period's days (`yyyy-MM-dd`), first to last.
    ///   - targets: each day's target, where known.
    ///   - byMonth: a row per month (a year), not per day.
    public init(days: [String], entries: [FoodEntry], targets: [String: Int], byMonth: Bool) {
        let byDay = Dictionary(grouping: entries, by: \.day)
        let logged = days.filter { byDay[$0] != nil }
        daysLogged = logged.count
        let rowKeys = byMonth ? Self.unique(days.map { String($0.prefix(7)) }) : days
        rows = rowKeys.map { key in
            let rowDays = days.filter { byMonth ? $0.hasPrefix(key) : $0 == key }
            let loggedDays = rowDays.filter { byDay[$0] != nil }
            let eaten = loggedDays.reduce(0) { sum, day in sum + (byDay[day] ?? []).reduce(0) { $0 + $1.kilocalories } }
            let known = rowDays.compactMap { targets[$0] }
            return Row(
                label: key, daysLogged: loggedDays.count,
                eaten: loggedDays.isEmpty ? 0 : Int((Double(eaten) / Double(loggedDays.count)).rounded()),
                target: known.isEmpty ? nil : Int((Double(known.reduce(0, +)) / Double(known.count)).rounded()))
        }
        let perDay = max(1, Double(logged.count))
        let inPeriod = entries.filter { days.contains($0.day) }
        var meals: [String: Int] = [:]
        for meal in Meal.allCases {
            let total = inPeriod.filter { $0.meal == meal.rawValue }.reduce(0) { $0 + $1.kilocalories }
            meals[meal.rawValue] = Int((Double(total) / perDay).rounded())
        }
        self.meals = meals
        proteinGrams = inPeriod.compactMap(\.proteinGrams).reduce(0, +) / perDay
        carbohydrateGrams = inPeriod.compactMap(\.carbohydrateGrams).reduce(0, +) / perDay
        fatGrams = inPeriod.compactMap(\.fatGrams).reduce(0, +) / perDay
    }

    /// Shares of the energy from protein, carbohydrate and fat (4, 4 and 9 kcal a gram), in percent; nil when
    /// nothing logged had them (plain numbers of kcal).
    public var macronutrientShares: (protein: Int, carbohydrate: Int, fat: Int)? {
        let protein = 4 * proteinGrams, carbohydrate = 4 * carbohydrateGrams, fat = 9 * fatGrams
        let total = protein + carbohydrate + fat
        guard total > 0 else { return nil }
        return (
            Int((100 * protein / total).rounded()), Int((100 * carbohydrate / total).rounded()),
            Int((100 * fat / total).rounded())
        )
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
