import DBus

/// One device's GATT objects in a GetManagedObjects answer, found by UUID and parent path, never by handle (handles
/// differ between devices of the same kind).
///
/// ```swift
/// let tree = GattObjectTree(objects, devicePath: path)
/// let measurement = tree.characteristic(BlueZNames.uuid("2a37"), in: BlueZNames.heartRateService)
/// ```
public struct GattObjectTree: Sendable {
    public let objects: [String: [String: [String: DBusValue]]]
    public let devicePath: String

    public init(_ objects: [String: [String: [String: DBusValue]]], devicePath: String) {
        self.objects = objects
        self.devicePath = devicePath
    }

    /// The paths of the device's services with `uuid` (a 128-bit UUID string).
    public func services(_ uuid: String) -> Set<String> {
        Set(
            objects.compactMap { path, interfaces in
                guard let service = interfaces[BlueZNames.gattService], service["Device"]?.objectPath == devicePath,
                    service["UUID"]?.string.map(BlueZNames.uuid) == uuid
                else { return nil }
                return path
            })
    }

    /// The first characteristic (by path) with `uuid` under one of `services`.
    public func characteristic(_ uuid: String, under services: Set<String>) -> String? {
        objects.keys.sorted().first { path in
            guard let properties = objects[path]?[BlueZNames.gattCharacteristic],
                let service = properties["Service"]?.objectPath, services.contains(service)
            else { return false }
            return properties["UUID"]?.string.map(BlueZNames.uuid) == uuid
        }
    }

    /// The characteristic with `uuid` under the device's service `service`.
    public func characteristic(_ uuid: String, in service: String) -> String? {
        characteristic(uuid, under: services(service))
    }

    /// The device's Battery Level characteristic, when BlueZ exports the Battery service.
    public var batteryLevel: String? { characteristic(BlueZNames.batteryLevel, in: BlueZNames.batteryService) }

    /// The device's Device1 properties.
    public var device: [String: DBusValue]? { objects[devicePath]?[BlueZNames.device] }

    /// The battery level BlueZ mirrors on the device path (`org.bluez.Battery1`), if any.
    public var mirroredBattery: UInt8? { objects[devicePath]?[BlueZNames.battery]?["Percentage"]?.byte }
}
