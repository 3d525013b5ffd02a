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
    ///
    /// Read as bytes, not as characters: the 395 lines of the shipped table are read on every `stayfit food search`,
    /// and reading them by `Character` and Foundation's trimming took about half of that command's own work.
    public init(text: String) throws(NutritionError) {
        var foods: [Food] = []
        for (index, line) in text.utf8.split(separator: UInt8(ascii: "\n")).enumerated() {
            let fields = Self.trimmed(line).split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false)
            guard fields.count == 6, let kcal = Self.number(fields[1]), let protein = Self.number(fields[2]),
                let carbohydrate = Self.number(fields[3]), let fat = Self.number(fields[4])
            else {
                throw NutritionError(
                    "line \(index + 1) of the food table is not name|kcal|protein|carbohydrate|fat|portions",
                    fix: "Fix that line.")
            }
            var portions: [Food.Portion] = []
            for portion in fields[5].split(separator: UInt8(ascii: ";")) {
                let parts = portion.split(separator: UInt8(ascii: "="))
                guard parts.count == 2, let grams = Self.number(parts[1]), grams > 0 else {
                    throw NutritionError(
                        "line \(index + 1) of the food table has a portion \"\(Substring(portion))\"",
                        fix: "Write it as 1 slice=28.")
                }
                portions.append(Food.Portion(label: String(Substring(parts[0])), grams: grams))
            }
            foods.append(
                try Food(
                    name: String(Substring(fields[0])), kilocaloriesPer100Grams: kcal, proteinPer100Grams: protein,
                    carbohydratePer100Grams: carbohydrate, fatPer100Grams: fat, portions: portions))
        }
        self.foods = foods
    }

    /// `bytes` without the spaces and tabs around them.
    private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return bytes[bytes.startIndex..<bytes.startIndex] }
        return bytes[first...last]
    }

    private static func number(_ bytes: Substring.UTF8View) -> Double? { Double(Substring(bytes)) }
}
