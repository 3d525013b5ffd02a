/// The BlueZ names, interfaces and UUIDs the Bluetooth sensor plugins use (TECHREF §1–2, §11).
public enum BlueZNames {
    public static let service = "org.bluez"
    public static let adapter = "org.bluez.Adapter1"
    public static let device = "org.bluez.Device1"
    public static let battery = "org.bluez.Battery1"
    public static let gattService = "org.bluez.GattService1"
    public static let gattCharacteristic = "org.bluez.GattCharacteristic1"
    public static let heartRateService = uuid("180d")
    public static let heartRateMeasurement = uuid("2a37")
    public static let bodySensorLocation = uuid("2a38")
    public static let batteryService = uuid("180f")
    public static let batteryLevel = uuid("2a19")
    public static let cyclingSpeedCadenceService = uuid("1816")
    public static let cyclingPowerService = uuid("1818")
    public static let runningSpeedCadenceService = uuid("1814")
    public static let fitnessMachineService = uuid("1826")

    /// The match rules a client needs for discovery, link state and notifications.
    public static let matchRules = [
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesAdded'",
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.ObjectManager',member='InterfacesRemoved'",
        "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'",
    ]

    /// A BlueZ UUID string in its 128-bit lower-case form; 16-bit short forms ("180D") are expanded with the
    /// Bluetooth base UUID, so both spellings compare equal.
    public static func uuid(_ text: String) -> String {
        let lower = text.lowercased()
        return lower.count == 4 ? "0000\(lower)-0000-1000-8000-00805f9b34fb" : lower
    }

    /// The rule for every PropertiesChanged of BlueZ; narrowed with ``linkRules(devicePath:adapterPath:)`` once
    /// the strap is connected.
    public static let allPropertiesChanged = matchRules[2]

    /// The PropertiesChanged rules a connected link needs: its device's subtree (link, battery, notifications)
    /// and its adapter (power). Without them every advertisement another client's scan brings would wake the hub.
    public static func linkRules(devicePath: String, adapterPath: String) -> [String] {
        let changed =
            "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"
        return [changed + ",path_namespace='\(devicePath)'", changed + ",path='\(adapterPath)'"]
    }

    /// Whether a BlueZ UUID string names the Heart Rate service (128-bit or short form).
    public static func isHeartRateService(_ uuid: String) -> Bool { Self.uuid(uuid) == heartRateService }

    /// Whether a BlueZ UUID string (128-bit or short form) names the service `service` (a 128-bit form).
    public static func isService(_ uuid: String, _ service: String) -> Bool { Self.uuid(uuid) == service }

    /// The object path of `adapter`, e.g. `/org/bluez/hci0`.
    public static func adapterPath(_ adapter: String) -> String { "/org/bluez/\(adapter)" }

    /// The device object path BlueZ builds for `address` under `adapterPath`.
    public static func devicePath(adapterPath: String, address: String) -> String {
        adapterPath + "/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }
}
