/// The configuration a running hub reads again on SIGHUP and changes for its settings pages: a file, or the built-in
/// defaults when it was started without one.
///
/// It reads the text the same way every time, with the same adjustments the command line made at start (`stayfit
/// run --simulate` turns the simulator on whatever the file says), so that a reload or a page's change gives the
/// hub what a restart would.
public struct ConfigurationFile: Sendable {
    /// The file's path; nil when the hub runs on the built-in defaults (there is no file to change).
    public let path: String?
    private let builtInDefaults: String
    private let movedSettings: [MovedSetting]
    private let adjust: @Sendable (inout HubConfiguration) -> Void

    /// - Parameters:
    ///   - path: the file, or nil for `builtInDefaults`.
    ///   - movedSettings: as for `HubConfiguration.load(path:movedSettings:)`.
    ///   - adjust: what the command line changes after reading (e.g. enabling the simulator).
    public init(
        path: String?, builtInDefaults: String = "", movedSettings: [MovedSetting] = [],
        adjust: @escaping @Sendable (inout HubConfiguration) -> Void = { _ in }
    ) {
        self.path = path
        self.builtInDefaults = builtInDefaults
        self.movedSettings = movedSettings
        self.adjust = adjust
    }

    /// Reads and parses the file (or the built-in defaults).
    ///
    /// - Throws: `ConfigurationError`.
    public func load() throws -> HubConfiguration {
        var configuration =
            if let path {
                try HubConfiguration.load(path: path, movedSettings: movedSettings)
            } else {
                try HubConfiguration(text: builtInDefaults, file: "built-in defaults")
            }
        adjust(&configuration)
        return configuration
    }

    /// Parses `text` as if it were the file.
    ///
    /// - Throws: `ConfigurationError` naming the file.
    public func parse(_ text: String) throws -> HubConfiguration {
        var configuration = try HubConfiguration(
            text: text, file: path ?? "built-in defaults", movedSettings: movedSettings)
        adjust(&configuration)
        return configuration
    }
}
