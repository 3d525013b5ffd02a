/// `[reports]` in stayfit.toml: the units that reports, pictures and share text give distances, paces and speeds in.
///
/// The share-text templates and hashtag were here once; the share plugin declares them as moved settings.
public struct ReportSettings: Sendable, Equatable {
    /// Kilometres or miles.
    public enum Units: String, Sendable, CaseIterable { case metric, imperial }

    public var units: Units

    public init(units: Units = .metric) {
        self.units = units
    }

    init(_ table: ConfigTable) throws {
        units = try table.choice("units", default: Units.metric)
    }
}
