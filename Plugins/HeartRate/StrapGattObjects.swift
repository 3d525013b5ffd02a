import BluetoothSensors
import DBus

/// The GATT objects of one strap the plugin uses, found by UUID and parent path in BlueZ's object tree, never by
/// handle (handles differ between straps).
struct StrapGattObjects: Equatable {
    /// Heart Rate Measurement (0x2A37) under the device's Heart Rate service.
    var measurement: String
    /// Body Sensor Location (0x2A38) under the same service, when the strap has it.
    var bodySensorLocation: String?
    /// Battery Level (0x2A19) under the device's Battery service, when BlueZ exports it.
    var batteryLevel: String?

    /// Finds the objects of the device at `devicePath` in a GetManagedObjects answer.
    ///
    /// - Throws: `BlueZHeartRateSession.Failure` when the device has no Heart Rate Measurement characteristic.
    init(in objects: [String: [String: [String: DBusValue]]], devicePath: String) throws {
        let tree = GattObjectTree(objects, devicePath: devicePath)
        let heartRate = tree.services(BlueZNames.heartRateService)
        guard let measurement = tree.characteristic(BlueZNames.heartRateMeasurement, under: heartRate) else {
            throw BlueZHeartRateSession.Failure(
                description: "the strap at \(devicePath) has no Heart Rate Measurement characteristic")
        }
        self.measurement = measurement
        bodySensorLocation = tree.characteristic(BlueZNames.bodySensorLocation, under: heartRate)
        batteryLevel = tree.batteryLevel
    }

    /// Where a Body Sensor Location value says the strap is worn, in plain words; nil for "other" or reserved values.
    static func wornOn(_ value: UInt8) -> String? {
        switch value {
        case 1: "chest"
        case 2: "wrist"
        case 3: "finger"
        case 4: "hand"
        case 5: "ear lobe"
        case 6: "foot"
        default: nil
        }
    }
}
