/// `[reports]` in stayfit.toml: the units that reports, pictures and share text give distances, paces and speeds in.
///
/// The share-text templates and hashtag were here once; they are the share plugin's now (`[plugins.share]`). A file
/// that still sets them here is refused with a message that says where they went, rather than read as before or
/// left unused without a word.
public struct ReportSettings: Sendable, Equatable {
    /// Kilometres or miles.
    public enum Units: String, Sendable, CaseIterable { case metric, imperial }

    public var units: Units

    /// The keys that moved to `[plugins.share]`, in the order the sample gave them.
    static let movedToShare = ["hashtag", "short-workout", "long-workout", "short-stats", "long-stats"]

    public init(units: Units = .metric) {
        self.units = units
    }

    init(_ table: ConfigTable) throws {
        units = try table.choice("units", default: Units.metric)
        if let key = table.keys.first(where: Self.movedToShare.contains) {
            throw table.invalid(
                key, problem: "the share text's settings have moved from [reports] to [plugins.share]",
                fix: "Move the line \(key) = … under a [plugins.share] table, or delete it when that table sets it "
                    + "already ([reports] keeps only units; the sample configuration shows the share text's keys).")
        }
    }
}
