extension ConfigTable {
    /// A kind of workout (`"indoor-ride"`, also written "indoor ride"), or nil when absent.
    ///
    /// - Throws: `ConfigurationError` naming the line and listing the kinds, for a kind the hub does not know.
    public func workoutKind(_ key: String) throws -> WorkoutKind? {
        guard let text = try optionalString(key) else { return nil }
        do {
            return try WorkoutKind(parsing: text)
        } catch {
            throw invalid(key, problem: "\(error)", fix: "Write one of them, e.g. \(key) = \"indoor-ride\".")
        }
    }
}
