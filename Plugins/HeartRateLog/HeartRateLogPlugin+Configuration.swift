import HubCore

extension HeartRateLogPlugin {
    /// The `[plugins.heart-rate-log]` table (until issue 23, the top-level `[heart-rate-log]`).
    ///
    /// ```toml
    /// [plugins.heart-rate-log]
    /// keep-days = 0   # delete the log older than this many days (0 = keep everything)
    /// ```
    public struct Configuration: PluginConfiguration, Equatable {
        /// Log older than this is deleted at start and then daily; nil keeps everything.
        public var retention: Duration?

        /// Reads and validates the table.
        ///
        /// - Throws: `ConfigurationError` naming `keep-days`.
        public init(_ table: ConfigTable) throws {
            let keepDays = try table.int("keep-days", default: 0, in: 0...36_500)
            retention = keepDays == 0 ? nil : .seconds(keepDays * 86_400)
        }

        /// - Parameter retention: nil keeps everything.
        public init(retention: Duration? = nil) {
            self.retention = retention
        }
    }
}
