import BluetoothSensors
import DBus
import Foundation
import Logging

/// One connection to a strap through BlueZ: find it, connect, subscribe, and hand over each payload until the
/// link drops.
///
/// A session owns its own `DBusConnection` and closes it at the end, so match rules and BlueZ's notify session
/// go away with it; the plugin makes a new session for every reconnect attempt.
///
/// What is not about straps (connect and wait for the services, subscribe, read, discovery) is the shared
/// `BlueZSession` of the `BluetoothSensors` module, which the fitness-sensors plugin uses too.
struct BlueZHeartRateSession {
    /// Why a session ended or could not start.
    typealias Failure = BlueZSession.Failure

    /// The strap found and subscribed.
    struct Link {
        let adapterPath: String
        let devicePath: String
        let characteristicPath: String
        let address: String
        let name: String
        /// The `AcquireNotify` socket's reader, or nil when notifications come as PropertiesChanged.
        let socket: NotifySocketReader?
        /// The battery level when connected, if the strap reports one.
        let batteryPercent: Int?
        /// Where the strap says it is worn ("chest"), if it says.
        let wornOn: String?

        /// How status messages name the strap, e.g. "Polar H10 1234 (C0:FF:EE:00:00:01)".
        var description: String { name == address ? address : "\(name) (\(address))" }
    }

    /// The shared BlueZ calls, on this session's own connection.
    let bluez: BlueZSession
    /// The straps' addresses (upper case) to look for, in order of preference; nil for any heart-rate strap.
    let wanted: [String]?

    var connection: DBusConnection { bluez.connection }
    var adapter: String { bluez.adapter }
    private var adapterPath: String { bluez.adapterPath }

    /// Connects to the bus and adds the match rules, before any BlueZ call, so that no signal is missed.
    static func open(
        address: DBusAddress, adapter: String, devices: [String]?,
        logger: Logger = Logger(label: "heart-rate", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> BlueZHeartRateSession {
        BlueZHeartRateSession(
            bluez: try await BlueZSession.open(address: address, adapter: adapter, logger: logger),
            wanted: devices)
    }

    /// The signal stream ended without cancellation: the connection to the bus is gone.
    static func busEnded() -> any Error { BlueZSession.busEnded() }

    // MARK: - Finding the strap

    /// The device path of the wanted strap (`preferred` when BlueZ knows it), or of the first heart-rate strap,
    /// discovering when needed.
    func findDevice(signals: AsyncStream<DBusSignal>, preferring preferred: String? = nil) async throws -> String {
        let objects = try await bluez.checkedObjects()
        let known = objects.sorted(by: { $0.key < $1.key }).compactMap { path, interfaces in
            interfaces[BlueZNames.device].flatMap { matches(path: path, $0) ? (path: path, device: $0) : nil }
        }.sorted { rank($0.device) < rank($1.device) }
        if let preferred, let strap = known.first(where: { address($0.device) == preferred }) { return strap.path }
        if wanted?.count == 1, let strap = known.first { return strap.path }
        // Any strap: one BlueZ remembers from long ago may be out of range; take one that is connected or was
        // heard lately (it has an RSSI only while its advertisements arrive), else look for one.
        if let strap = known.first(where: { $0.device["Connected"]?.bool == true })
            ?? known.first(where: { $0.device["RSSI"] != nil })
        {
            return strap.path
        }
        try await startDiscovery()
        let path = try await waitForAdvertisedDevice(signals: signals)
        try? await stopDiscovery()
        return path
    }

    /// Starts discovering LE devices that advertise the Heart Rate service.
    func startDiscovery() async throws { try await bluez.startDiscovery(services: [BlueZNames.heartRateService]) }

    func stopDiscovery() async throws { try await bluez.stopDiscovery() }

    /// The address of the first wanted strap other than `address` to advertise (discovery must be on); nil when the
    /// signals end first.
    func firstOtherWantedStrapHeard(than address: String, signals: AsyncStream<DBusSignal>) async -> String? {
        while let path = try? await waitForAdvertisedDevice(signals: signals) {
            let device = try? await connection.properties(
                interface: BlueZNames.device, path: path, destination: BlueZNames.service)
            if let heard = device.flatMap(self.address), heard != address.uppercased() { return heard }
        }
        return nil
    }

    private func waitForAdvertisedDevice(signals: AsyncStream<DBusSignal>) async throws -> String {
        for await signal in signals {
            if signal.member == "InterfacesAdded", let path = signal.arguments.first?.objectPath,
                let device = signal.arguments.dropFirst().first?.dictionary?[BlueZNames.device]?.dictionary,
                matches(path: path, device)
            {
                return path
            }
            if signal.member == "PropertiesChanged", signal.arguments.first?.string == BlueZNames.device,
                signal.path.hasPrefix(adapterPath + "/dev_"),
                // New services, or (for a wanted strap BlueZ knew already) an advertisement heard again, or the
                // strap connecting (BlueZ reconnects a trusted one it hears by itself).
                let changed = signal.arguments.dropFirst().first?.dictionary,
                changed["UUIDs"] != nil
                    || (wanted != nil && (changed["RSSI"] != nil || changed["Connected"]?.bool == true))
            {
                let device = try await connection.properties(
                    interface: BlueZNames.device, path: signal.path, destination: BlueZNames.service)
                if matches(path: signal.path, device) { return signal.path }
            }
        }
        throw Self.busEnded()
    }

    private func matches(path: String, _ device: [String: DBusValue]) -> Bool {
        guard path.hasPrefix(adapterPath + "/") else { return false }
        if let wanted {
            return address(device).map(wanted.contains) ?? false
        }
        return (device["UUIDs"]?.strings ?? []).contains(where: BlueZNames.isHeartRateService)
    }

    /// The device's address, upper case.
    private func address(_ device: [String: DBusValue]) -> String? { device["Address"]?.string?.uppercased() }

    /// Where the device comes in the order of preference (0 first); all alike when any strap will do.
    private func rank(_ device: [String: DBusValue]) -> Int {
        guard let wanted, let address = address(device) else { return 0 }
        return wanted.firstIndex(of: address) ?? wanted.count
    }

    /// The wanted straps other than `address` that are in range: connected, or heard lately (BlueZ gives a device
    /// an RSSI only while its advertisements arrive); in order of preference.
    func otherWantedStrapsInRange(than address: String) async throws -> [String] {
        guard let wanted else { return [] }
        let objects = try await connection.managedObjects(destination: BlueZNames.service)
        let inRange = objects.compactMap { path, interfaces -> String? in
            guard let device = interfaces[BlueZNames.device], matches(path: path, device),
                device["Connected"]?.bool == true || device["RSSI"] != nil
            else { return nil }
            return self.address(device)
        }
        return wanted.filter { $0 != address.uppercased() && inRange.contains($0) }
    }

    /// Asks BlueZ to disconnect the device at `devicePath` (to hand the hub over to another strap).
    func disconnect(devicePath: String) async throws {
        _ = try await connection.call(
            destination: BlueZNames.service, path: devicePath, interface: BlueZNames.device, member: "Disconnect")
    }

    // MARK: - Connecting

    /// Connects the device, waits for its services, finds Heart Rate Measurement and subscribes to it.
    func connect(devicePath: String, signals: AsyncStream<DBusSignal>) async throws -> Link {
        let device = try await connectDevice(devicePath: devicePath, signals: signals)
        let objects = try await connection.managedObjects(destination: BlueZNames.service)
        let gatt = try StrapGattObjects(in: objects, devicePath: devicePath)
        let socket = try await subscribe(characteristic: gatt.measurement)
        let address = device["Address"]?.string ?? wanted?.first ?? devicePath
        let name = device["Alias"]?.string ?? device["Name"]?.string ?? address
        let battery = await batteryPercent(
            mirrored: objects[devicePath]?[BlueZNames.battery]?["Percentage"]?.byte, level: gatt.batteryLevel)
        var location: UInt8?
        if let path = gatt.bodySensorLocation { location = await read(path)?.first }
        return Link(
            adapterPath: adapterPath, devicePath: devicePath, characteristicPath: gatt.measurement, address: address,
            name: name, socket: socket, batteryPercent: battery, wornOn: location.flatMap(StrapGattObjects.wornOn))
    }

    /// Connects the device and waits until BlueZ has resolved its services; returns its Device1 properties.
    func connectDevice(devicePath: String, signals: AsyncStream<DBusSignal>) async throws -> [String: DBusValue] {
        try await bluez.connectDevice(devicePath: devicePath, signals: signals, noun: "strap")
    }

    /// Narrows this connection's PropertiesChanged signals to what `link` needs (see `BlueZSession`).
    func narrowSignals(to link: Link) async throws { try await bluez.narrowSignals(devicePath: link.devicePath) }

    /// The battery level BlueZ mirrors in `org.bluez.Battery1`, else the Battery Level characteristic's.
    func batteryPercent(mirrored: UInt8?, level: String?) async -> Int? {
        await bluez.batteryPercent(mirrored: mirrored, level: level)
    }

    private func read(_ characteristic: String) async -> [UInt8]? { await bluez.read(characteristic) }

    private func subscribe(characteristic: String) async throws -> NotifySocketReader? {
        // Read with the fitness sensors' notifications, just before the workout's second (`GatheringPause`): a
        // strap at 1 Hz is then read once a second as before, but with the code it shares with them warm.
        try await bluez.subscribe(characteristic: characteristic, threadName: "hr-notify", gatherFor: .seconds(1))
    }
}
