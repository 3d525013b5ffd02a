import HubCore

/// A food as the table and a person's own list have it: energy and macronutrients per 100 g, and the portions
/// people count it in.
public struct Food: Sendable, Equatable {
    /// A common portion: "1 slice" of 28 g.
    public struct Portion: Sendable, Equatable {
        public var label: String
        public var grams: Double

        public init(label: String, grams: Double) {
            self.label = label
            self.grams = grams
        }
    }

    public var name: String
    public var kilocaloriesPer100Grams: Double
    public var proteinPer100Grams: Double
    public var carbohydratePer100Grams: Double
    public var fatPer100Grams: Double
    public var portions: [Portion]

    /// A food checked as a person's own must be: a name, energy from 0 to 900 kcal per 100 g (pure fat is 900), and
    /// macronutrients that are not more than the food weighs.
    public init(
        name: String, kilocaloriesPer100Grams: Double, proteinPer100Grams: Double = 0,
        carbohydratePer100Grams: Double = 0, fatPer100Grams: Double = 0, portions: [Portion] = []
    ) throws(NutritionError) {
        // Most names (every one of the shipped table) are already plain: printable ASCII words with one space between
        // them. Those skip the Unicode checks, which cost more than all else in reading the table.
        let trimmed = Self.isPlain(name) ? name : name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !trimmed.isEmpty, Self.isPlain(trimmed) || Self.isShowable(trimmed) else {
            throw NutritionError(
                "a food needs a name of letters, not \"\(Format.printable(name, limit: 100))\"",
                fix: "Name it as you would say it, e.g. \"porridge with milk\".")
        }
        guard trimmed.count <= 100 else {
            throw NutritionError(
                "a food's name is at most 100 characters (this one has \(trimmed.count))", fix: "Shorten it.")
        }
        guard kilocaloriesPer100Grams.isFinite, (0...900).contains(kilocaloriesPer100Grams) else {
            throw NutritionError(
                "\(kilocaloriesPer100Grams) kcal per 100 g is not a food's energy",
                fix: "Give 0 to 900 (pure fat is 900 kcal per 100 g).")
        }
        let macros = [proteinPer100Grams, carbohydratePer100Grams, fatPer100Grams]
        guard macros.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw NutritionError(
                "protein, carbohydrate and fat cannot be negative", fix: "Give grams per 100 g, 0 or more.")
        }
        guard macros.reduce(0, +) <= 100 else {
            throw NutritionError(
                "protein, carbohydrate and fat add up to \(macros.reduce(0, +)) g in 100 g of food",
                fix: "Give them per 100 g: together they can be at most 100 g.")
        }
        self.name = trimmed
        self.kilocaloriesPer100Grams = kilocaloriesPer100Grams
        self.proteinPer100Grams = proteinPer100Grams
        self.carbohydratePer100Grams = carbohydratePer100Grams
        self.fatPer100Grams = fatPer100Grams
        self.portions = portions
    }

    /// Whether `name` prints as itself: no control characters, no U+FFFD (bytes that were not UTF-8), none of the
    /// invisible characters that turn the text after them around (a food "evil\u{202E}gpj.exe" shows as
    /// "evilexe.jpg"), and something to see besides format characters such as U+FEFF.
    static func isShowable(_ name: String) -> Bool {
        var visible = false
        for scalar in name.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || scalar == "\u{FFFD}" || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            {
                return false
            }
            visible = visible || (category != .format && !scalar.properties.isWhitespace)
        }
        return visible
    }

    /// Whether `name` is printable ASCII with single spaces between words and none around them.
    static func isPlain(_ name: String) -> Bool {
        var previous = UInt8(ascii: " ")
        for byte in name.utf8 {
            guard (0x20...0x7E).contains(byte), byte != UInt8(ascii: " ") || previous != UInt8(ascii: " ") else {
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: " ")
    }

    /// kcal in `grams` of it, rounded.
    public func kilocalories(grams: Double) -> Int { Int((kilocaloriesPer100Grams * grams / 100).rounded()) }
}
