/// How much of a food was eaten: grams, or a count of one of its portions ("2 slices", "1 cup", "half a cup" is
/// "0.5 cup").
public enum Amount: Sendable, Equatable {
    case grams(Double)
    case portions(count: Double, label: String)

    /// The largest helping the log takes, in grams: 5 kg of one food in one go is a typing mistake.
    public static let largestGrams = 5000.0

    /// `"2 slices"`, `"1 cup"`, `"cup"` (one), `"0.5 cup"`.
    public init(portion text: String) throws(NutritionError) {
        let words = text.lowercased().split(separator: " ").map(String.init)
        guard let first = words.first else {
            throw NutritionError("an empty portion", fix: "Give one such as \"1 slice\" or \"2 cups\".")
        }
        if let count = Double(first) {
            guard count.isFinite, count > 0, count <= 100, words.count > 1 else {
                throw NutritionError(
                    "\"\(text)\" is not a portion", fix: "Give a count from 0.1 to 100 and its name: \"2 slices\".")
            }
            self = .portions(count: count, label: words.dropFirst().joined(separator: " "))
        } else {
            self = .portions(count: 1, label: words.joined(separator: " "))
        }
    }

    /// Grams of `food` this amount is: a portion is found by its name in the food's portions (a plural "slices"
    /// finds "1 slice").
    public func grams(of food: Food) throws(NutritionError) -> Double {
        let grams: Double
        switch self {
        case .grams(let value): grams = value
        case .portions(let count, let label):
            guard let portion = food.portions.first(where: { Self.names($0.label, label) }) else {
                let known = food.portions.map(\.label)
                throw NutritionError(
                    "\(food.name) has no portion \"\(label)\"",
                    fix: known.isEmpty
                        ? "Give it in grams (--grams)."
                        : "Give one of: \(known.joined(separator: ", ")), or grams (--grams).")
            }
            grams = count * portion.grams
        }
        guard grams.isFinite, grams > 0, grams <= Self.largestGrams else {
            throw NutritionError(
                "\(grams) g is not a helping", fix: "Give more than 0 and at most \(Int(Self.largestGrams)) g.")
        }
        return grams
    }

    /// Whether a portion's label ("1 slice", "1 cup sliced") is what a person called it ("slices", "cup").
    private static func names(_ listed: String, _ said: String) -> Bool {
        var words = listed.lowercased().split(separator: " ").map(String.init)
        if let first = words.first, Double(first) != nil { words.removeFirst() }
        let name = words.joined(separator: " ")
        return name == said || name + "s" == said || name + "es" == said
            || (said.count >= 3 && name.hasPrefix(said))
    }
}
