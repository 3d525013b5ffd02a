import BluetoothSensors
import HubCore

extension HeartRatePlugin {
    /// The `[plugins.heart-rate]` table.
    ///
    /// ```toml
    /// [plugins.heart-rate]
    /// device = ""                # Bluetooth address AA:BB:CC:DD:EE:FF; "" = the first heart-rate strap found
    /// adapter = "hci0"           # the BlueZ adapter to use
    /// stale-after-seconds = 5    # no reading for this long = signal lost (1…60)
    /// low-battery-percent = 20   # announce a low strap battery at or below this (0 = never)
    /// ```
    public struct Configuration: PluginConfiguration, Equatable {
        /// The strap's Bluetooth address in upper case, or nil to use the first strap advertising Heart Rate.
        public var device: String?
        /// The BlueZ adapter name, e.g. "hci0".
        public var adapter: String
        /// How long without a notification before the signal counts as lost.
        public var staleAfter: Duration
        /// Announce a low battery at or below this percentage; 0 never announces.
        public var lowBatteryPercent: Int

        /// Reads and validates the table.
        ///
        /// - Throws: `ConfigurationError` naming `device`, `adapter` or `stale-after-seconds`.
        public init(_ table: ConfigTable) throws {
            let device = try table.string("device", default: "").trimmingCharacters(in: .whitespaces)
            if device.isEmpty {
                self.device = nil
            } else if let address = BluetoothAddress.normalized(device) {
                self.device = address
            } else {
                throw table.invalid(
                    "device", problem: "\"\(device)\" is not a Bluetooth address",
                    fix: BluetoothAddress.hint + ", or \"\" for the first strap found.")
            }
            adapter = try table.string("adapter", default: "hci0")
            guard !adapter.isEmpty, adapter.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw table.invalid(
                    "adapter", problem: "\"\(adapter)\" is not an adapter name",
                    fix: "Use the name bluetoothctl list shows, e.g. \"hci0\".")
            }
            staleAfter = .seconds(try table.int("stale-after-seconds", default: 5, in: 1...60))
            lowBatteryPercent = try table.int("low-battery-percent", default: 20, in: 0...100)
        }

        /// Creates a configuration directly (tests, embedding); `device` must already be validated.
        public init(
            device: String? = nil, adapter: String = "hci0", staleAfter: Duration = .seconds(5),
            lowBatteryPercent: Int = 20
        ) {
            self.device = device
            self.adapter = adapter
            self.staleAfter = staleAfter
            self.lowBatteryPercent = lowBatteryPercent
        }
    }
}
