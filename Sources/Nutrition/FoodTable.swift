import Foundation

/// The common foods the hub knows (USDA FoodData Central values, public domain), searchable by a few letters.
///
/// The text is part of the program and read into foods only when first searched: a hub that never logs food keeps
/// none of it in memory (the text's pages are mapped from the binary and only read in then).
public struct FoodTable: Sendable {
    public let foods: [Food]

    /// The shipped table, read once.
    public static let shared: FoodTable = {
        do {
            return try FoodTable(text: data)
        } catch {
            // The text is part of this module and its tests read it whole.
            preconditionFailure("the built-in food table does not read: \(error)")
        }
    }()

    /// Foods from lines of `name|kcal|protein|carbohydrate|fat|portions`, portions as `1 slice=28;1 cup=240`.
    public init(text: String) throws(NutritionError) {
        var foods: [Food] = []
        for (index, line) in text.split(separator: "\n").enumerated() {
            let fields = line.trimmingCharacters(in: .whitespaces).split(
                separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 6, let kcal = Double(fields[1]), let protein = Double(fields[2]),
                let carbohydrate = Double(fields[3]), let fat = Double(fields[4])
            else {
                throw NutritionError(
                    "line \(index + 1) of the food table is not name|kcal|protein|carbohydrate|fat|portions",
                    fix: "Fix that line.")
            }
            var portions: [Food.Portion] = []
            for portion in fields[5].split(separator: ";") {
                let parts = portion.split(separator: "=")
                guard parts.count == 2, let grams = Double(parts[1]), grams > 0 else {
                    throw NutritionError(
                        "line \(index + 1) of the food table has a portion \"\(portion)\"",
                        fix: "Write it as 1 slice=28.")
                }
                portions.append(Food.Portion(label: String(parts[0]), grams: grams))
            }
            foods.append(
                try Food(
                    name: String(fields[0]), kilocaloriesPer100Grams: kcal, proteinPer100Grams: protein,
                    carbohydratePer100Grams: carbohydrate, fatPer100Grams: fat, portions: portions))
        }
        self.foods = foods
    }
}
