/// The BlueZ names, interfaces and UUIDs the heart-rate plugin uses (TECHREF §1–2).
enum BlueZNames {
    static let service = "org.bluez"
    static let adapter = "org.bluez.Adapter1"
    static let device = "org.bluez.Device1"
    static let battery = "org.bluez.Battery1"
    static let gattService = "org.bluez.GattService1"
    static let gattCharacteristic = "org.bluez.GattCharacteristic1"
    static let heartRateService = uuid("180d")
    static let heartRateMeasurement = uuid("2a37")
    static let bodySensorLocation = uuid("2a38")
    static let batteryService = uuid("180f")
    static let batteryLevel = uuid("2a19")

    /// The match rules a client needs for discovery, link state and notifications.
    static let matchRules = [
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'",
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesRemoved'",
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'",
    ]

    /// A BlueZ UUID string in its 128-bit lower-case form; 16-bit short forms ("180D") are expanded with the
    /// Bluetooth base UUID, so both spellings compare equal.
    static func uuid(_ text: String) -> String {
        let lower = text.lowercased()
        return lower.count == 4 ? "0000\(lower)-0000-1000-8000-00805f9b34fb" : lower
    }

    /// The rule for every PropertiesChanged of BlueZ; narrowed with ``linkRules(devicePath:adapterPath:)`` once
    /// the strap is connected.
    static let allPropertiesChanged = matchRules[2]

    /// The PropertiesChanged rules a connected link needs: its device's subtree (link, battery, notifications)
    /// and its adapter (power). Without them every advertisement another client's scan brings would wake the hub.
    static func linkRules(devicePath: String, adapterPath: String) -> [String] {
        let changed =
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"
        return [changed + ",path_namespace='\(devicePath)'", changed + ",path='\(adapterPath)'"]
    }

    /// Whether a BlueZ UUID string names the Heart Rate service (128-bit or short form).
    static func isHeartRateService(_ uuid: String) -> Bool { Self.uuid(uuid) == heartRateService }

    /// The object path of `adapter`, e.g. `/org/bluez/hci0`.
    static func adapterPath(_ adapter: String) -> String { "/org/bluez/\(adapter)" }

    /// The device object path BlueZ builds for `address` under `adapterPath`.
    static func devicePath(adapterPath: String, address: String) -> String {
        adapterPath + "/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }
}
