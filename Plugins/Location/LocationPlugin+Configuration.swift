import Foundation
import HubCore
import Positioning

extension LocationPlugin {
    /// The `[plugins.location]` table.
    ///
    /// ```toml
    /// [plugins.location]
    /// host = "127.0.0.1"           # gpsd's address: an IPv4 or IPv6 address, or "localhost"
    /// port = 2947                  # gpsd's JSON port
    /// maximum-error-meters = 40    # drop fixes whose reported horizontal error is larger (5…500)
    /// stationary-speed = 0.5       # m/s: below this the receiver stands still and its position is held (0.1…3)
    /// stale-after-seconds = 5      # no report for this long = no fix (1…60)
    /// auto-pause = false           # pause the workout while not moving, resume when moving again
    /// auto-pause-speed = 1.0       # m/s: below this the receiver is not moving, for auto-pause (0.2…5)
    /// auto-pause-after-seconds = 3 # how long below auto-pause-speed before the workout pauses (1…60)
    /// ```
    public struct Configuration: PluginConfiguration, Equatable {
        public var host: String
        public var port: Int
        public var filter: FixFilter.Settings
        /// How long without a report from the receiver before the fix counts as lost.
        public var staleAfter: Duration
        /// Auto-pause's thresholds; nil when it is off.
        public var autoPause: AutoPause.Settings?

        /// Reads and validates the table.
        ///
        /// - Throws: `ConfigurationError` naming the key.
        public init(_ table: ConfigTable) throws {
            host = try table.string("host", default: "127.0.0.1")
            guard GPSDSocket.isValidHost(host) else {
                throw table.invalid(
                    "host", problem: "\"\(host)\" is not an IP address",
                    fix: "Use gpsd's address, e.g. \"127.0.0.1\", \"::1\" or \"localhost\" (names are not looked up).")
            }
            port = try table.int("port", default: 2947, in: 1...65535)
            let maximumError = try table.double("maximum-error-meters", default: 40, in: 5...500)
            let stationary = try table.double("stationary-speed", default: 0.5, in: 0.1...3)
            filter = FixFilter.Settings(
                maximumErrorMeters: maximumError, stationarySpeed: stationary, movingSpeed: stationary * 1.6)
            staleAfter = .seconds(try table.int("stale-after-seconds", default: 5, in: 1...60))
            // Read even when off, so that a bad value is reported before someone turns it on.
            let pauseSettings = AutoPause.Settings(
                speed: try table.double("auto-pause-speed", default: 1, in: 0.2...5),
                delay: TimeInterval(try table.int("auto-pause-after-seconds", default: 3, in: 1...60)))
            autoPause = try table.bool("auto-pause", default: false) ? pauseSettings : nil
        }

        /// Whether `host` is an address the plugin can connect to: an IPv4 or IPv6 address, or "localhost".
        public static func isValidHost(_ host: String) -> Bool { GPSDSocket.isValidHost(host) }

        /// Creates a configuration directly (tests, `stayfit gps`); `host` must be an IP address.
        public init(
            host: String = "127.0.0.1", port: Int = 2947, filter: FixFilter.Settings = FixFilter.Settings(),
            staleAfter: Duration = .seconds(5), autoPause: AutoPause.Settings? = nil
        ) {
            self.host = host
            self.port = port
            self.filter = filter
            self.staleAfter = staleAfter
            self.autoPause = autoPause
        }
    }
}
