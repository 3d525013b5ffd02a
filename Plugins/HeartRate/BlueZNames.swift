/// The BlueZ names, interfaces and UUIDs the heart-rate plugin uses (TECHREF §1–2).
enum BlueZNames {
    static let service = "org.bluez"
    static let adapter = "org.bluez.Adapter1"
    static let device = "org.bluez.Device1"
    static let gattService = "org.bluez.GattService1"
    static let gattCharacteristic = "org.bluez.GattCharacteristic1"
    static let properties = "org.freedesktop.DBus.Properties"
    static let objectManager = "org.freedesktop.DBus.ObjectManager"
    static let heartRateService = "0000180d-0000-1000-8000-00805f9b34fb"
    static let heartRateMeasurement = "00002a37-0000-1000-8000-00805f9b34fb"

    /// The match rules a client needs for discovery, link state and notifications.
    static let matchRules = [
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'",
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesRemoved'",
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'",
    ]

    /// Whether a BlueZ UUID string names the Heart Rate service (128-bit or short form).
    static func isHeartRateService(_ uuid: String) -> Bool {
        let lower = uuid.lowercased()
        return lower == heartRateService || lower == "180d"
    }

    /// The device object path BlueZ builds for `address` under `adapterPath`.
    static func devicePath(adapterPath: String, address: String) -> String {
        adapterPath + "/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }
}
