import BluetoothSensors
import Foundation
import HubCore

extension FitnessSensorsPlugin {
    /// The `[plugins.fitness-sensors]` table.
    ///
    /// ```toml
    /// [plugins.fitness-sensors]
    /// devices = []                      # Bluetooth addresses to follow besides the remembered ones; with none
    ///                                   # remembered or listed, every known sensor of these kinds
    /// adapter = "hci0"                  # the BlueZ adapter to use
    /// wheel-circumference-mm = 2105     # the wheel's rolling circumference (700x25c), 500…3500
    /// stale-after-seconds = 5           # no reading for this long = signal lost (1…60)
    /// control-point-timeout-seconds = 5 # how long a machine may take to answer a target (1…30)
    /// low-battery-percent = 20          # say a sensor's low battery at or below this (0 = never)
    /// ```
    public struct Configuration: PluginConfiguration, Equatable {
        /// Addresses in upper case.
        public var devices: [String]
        public var adapter: String
        public var wheelCircumferenceMillimeters: Double
        public var staleAfter: Duration
        public var controlPointTimeout: Duration
        /// A sensor's battery at or below this is said ("Power meter battery low: 15%."); 0: never.
        public var lowBatteryPercent: Int

        /// Reads and validates the table.
        ///
        /// - Throws: `ConfigurationError` naming the key, with the fix.
        public init(_ table: ConfigTable) throws {
            devices = try table.strings("devices", default: []).map { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let address = BluetoothAddress.normalized(trimmed) else {
                    throw table.invalid(
                        "devices", problem: "\"\(trimmed)\" is not a Bluetooth address",
                        fix: BluetoothAddress.hint + ", or leave the list empty for the remembered and known sensors.")
                }
                return address
            }
            adapter = try table.string("adapter", default: "hci0")
            guard !adapter.isEmpty, adapter.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw table.invalid(
                    "adapter", problem: "\"\(adapter)\" is not an adapter name",
                    fix: "Use the name bluetoothctl list shows, e.g. \"hci0\".")
            }
            wheelCircumferenceMillimeters = try table.double("wheel-circumference-mm", default: 2105, in: 500...3500)
            staleAfter = .seconds(try table.int("stale-after-seconds", default: 5, in: 1...60))
            controlPointTimeout = .seconds(try table.int("control-point-timeout-seconds", default: 5, in: 1...30))
            lowBatteryPercent = try table.int("low-battery-percent", default: 20, in: 0...100)
        }

        /// Creates a configuration directly (tests, embedding); `devices` must already be validated.
        public init(
            devices: [String] = [], adapter: String = "hci0", wheelCircumferenceMillimeters: Double = 2105,
            staleAfter: Duration = .seconds(5), controlPointTimeout: Duration = .seconds(5), lowBatteryPercent: Int = 20
        ) {
            self.lowBatteryPercent = lowBatteryPercent
            self.devices = devices
            self.adapter = adapter
            self.wheelCircumferenceMillimeters = wheelCircumferenceMillimeters
            self.staleAfter = staleAfter
            self.controlPointTimeout = controlPointTimeout
        }
    }
}
