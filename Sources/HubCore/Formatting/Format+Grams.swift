extension Format {
    /// "32 g", "22.5 g": a food's weight, as the food log, the food search and the web's food pages write it.
    public static func grams(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) g" : "\(Format.fixed(value, decimals: 1)) g"
    }
}
