import DBus
import Foundation
import Logging

/// One connection to a strap through BlueZ: find it, connect, subscribe, and hand over each payload until the
/// link drops.
///
/// A session owns its own `DBusConnection` and closes it at the end, so match rules and BlueZ's notify session
/// go away with it; the plugin makes a new session for every reconnect attempt.
struct BlueZHeartRateSession {
    /// Why a session ended or could not start.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

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

    let connection: DBusConnection
    let adapter: String
    let configuredDevice: String?
    /// Where the session says what it waits for (debug level); silent unless the caller passes its logger.
    let logger: Logger

    private var adapterPath: String { BlueZNames.adapterPath(adapter) }

    /// Connects to the bus and adds the match rules, before any BlueZ call, so that no signal is missed.
    static func open(
        address: DBusAddress, adapter: String, device: String?,
        logger: Logger = Logger(label: "heart-rate", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> BlueZHeartRateSession {
        let connection = try await DBusConnection(address: address)
        do {
            for rule in BlueZNames.matchRules { try await connection.addMatch(rule) }
        } catch {
            connection.close()
            throw error
        }
        return BlueZHeartRateSession(connection: connection, adapter: adapter, configuredDevice: device, logger: logger)
    }

    /// The signal stream ended without cancellation: the connection to the bus is gone.
    static func busEnded() -> any Error {
        Task.isCancelled ? CancellationError() : Failure(description: "the connection to the system bus ended")
    }

    // MARK: - Finding the strap

    /// The device path of the configured strap, or of the first heart-rate strap, discovering when needed.
    func findDevice(signals: AsyncStream<DBusSignal>) async throws -> String {
        let objects = try await connection.managedObjects(destination: BlueZNames.service)
        guard let adapterProperties = objects[adapterPath]?[BlueZNames.adapter] else {
            throw Failure(
                description: "BlueZ has no Bluetooth adapter \(adapter) (bluetoothctl list shows the adapters)")
        }
        guard adapterProperties["Powered"]?.bool != false else {
            throw Failure(description: "the Bluetooth adapter \(adapter) is switched off (bluetoothctl power on)")
        }
        let known = objects.sorted(by: { $0.key < $1.key }).compactMap { path, interfaces in
            interfaces[BlueZNames.device].flatMap { matches(path: path, $0) ? (path: path, device: $0) : nil }
        }
        if configuredDevice != nil, let strap = known.first { return strap.path }
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
    ///
    /// Without ``stopDiscovery()`` the discovery session ends anyway when this session's connection closes:
    /// BlueZ drops it when its client leaves the bus.
    func startDiscovery() async throws {
        let filter: DBusValue = .dictionary([
            "UUIDs": .strings([BlueZNames.heartRateService]), "Transport": .string("le"),
        ])
        try await callAdapter("SetDiscoveryFilter", signature: "a{sv}", [filter])
        try await callAdapter("StartDiscovery")
    }

    func stopDiscovery() async throws { try await callAdapter("StopDiscovery") }

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
                let changed = signal.arguments.dropFirst().first?.dictionary, changed["UUIDs"] != nil
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
        if let configured = configuredDevice {
            return device["Address"]?.string?.uppercased() == configured
        }
        return (device["UUIDs"]?.strings ?? []).contains(where: BlueZNames.isHeartRateService)
    }

    private func callAdapter(_ member: String, signature: String = "", _ arguments: [DBusValue] = []) async throws {
        try await connection.call(
            destination: BlueZNames.service, path: adapterPath, interface: BlueZNames.adapter, member: member,
            signature: signature, arguments: arguments)
    }

    // MARK: - Connecting

    /// Connects the device, waits for its services, finds Heart Rate Measurement and subscribes to it.
    func connect(devicePath: String, signals: AsyncStream<DBusSignal>) async throws -> Link {
        let device = try await connectDevice(devicePath: devicePath, signals: signals)
        let objects = try await connection.managedObjects(destination: BlueZNames.service)
        let gatt = try StrapGattObjects(in: objects, devicePath: devicePath)
        let socket = try await subscribe(characteristic: gatt.measurement)
        let address = device["Address"]?.string ?? configuredDevice ?? devicePath
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
        // Connected already (or being connected by someone else): go on to wait for the services.
        try await call(
            devicePath, BlueZNames.device, "Connect",
            ignoring: ["org.bluez.Error.AlreadyConnected", "org.bluez.Error.InProgress"])
        let device = try await connection.properties(
            interface: BlueZNames.device, path: devicePath, destination: BlueZNames.service)
        if device["ServicesResolved"]?.bool != true {
            try await waitForServicesResolved(devicePath: devicePath, signals: signals)
        }
        return device
    }

    /// Narrows this connection's PropertiesChanged signals to what `link` needs: the new rules first, then the
    /// broad one goes, so no signal of the link falls between them.
    func narrowSignals(to link: Link) async throws {
        for rule in BlueZNames.linkRules(devicePath: link.devicePath, adapterPath: link.adapterPath) {
            try await connection.addMatch(rule)
        }
        try await connection.removeMatch(BlueZNames.allPropertiesChanged)
    }

    /// The battery level BlueZ mirrors in `org.bluez.Battery1`, else the Battery Level characteristic's; nil when
    /// neither is there or the value is not a percentage.
    func batteryPercent(mirrored: UInt8?, level: String?) async -> Int? {
        var value = mirrored
        if value == nil, let level { value = await read(level)?.first }
        return value.map(Int.init).flatMap { (0...100).contains($0) ? $0 : nil }
    }

    /// The value of a readable characteristic, or nil when it cannot be read (the information is optional).
    private func read(_ characteristic: String) async -> [UInt8]? {
        let reply = try? await connection.call(
            destination: BlueZNames.service, path: characteristic, interface: BlueZNames.gattCharacteristic,
            member: "ReadValue", signature: "a{sv}", arguments: [.dictionary([:])], timeout: .seconds(5))
        return reply?.first?.bytes
    }

    /// Subscribes to the characteristic: `AcquireNotify` first (payloads on a socket), `StartNotify` (payloads as
    /// PropertiesChanged of `Value`) when that is refused or file descriptors cannot pass.
    private func subscribe(characteristic: String) async throws -> NotifySocketReader? {
        if connection.canPassUnixFileDescriptors {
            do {
                let reply = try await connection.call(
                    destination: BlueZNames.service, path: characteristic, interface: BlueZNames.gattCharacteristic,
                    member: "AcquireNotify", signature: "a{sv}", arguments: [.dictionary([:])])
                // The MTU first: taking the descriptor makes it ours to close.
                if reply.count == 2, let mtu = reply[1].uint16, let descriptor = reply[0].unixFD?.take() {
                    return NotifySocketReader(taking: descriptor, mtu: Int(mtu))
                }
            } catch {
                let refusal: DBusError = error
                if refusal.name == DBusError.Name.cancelled { throw refusal }
            }
        }
        // BlueZ re-subscribes by itself after a reconnect; InProgress then is harmless (TECHREF §1).
        try await call(
            characteristic, BlueZNames.gattCharacteristic, "StartNotify", ignoring: ["org.bluez.Error.InProgress"])
        return nil
    }

    /// Calls a method without arguments of `org.bluez`, treating the errors named in `ignoring` as success.
    private func call(_ path: String, _ interface: String, _ member: String, ignoring: Set<String>) async throws {
        do {
            try await connection.call(destination: BlueZNames.service, path: path, interface: interface, member: member)
        } catch {
            let failure: DBusError = error
            if !ignoring.contains(failure.name) { throw failure }
        }
    }

    private func waitForServicesResolved(devicePath: String, signals: AsyncStream<DBusSignal>) async throws {
        logger.debug("waiting for BlueZ to resolve the strap's services", metadata: ["device": "\(devicePath)"])
        for await signal in signals where signal.path == devicePath && signal.member == "PropertiesChanged" {
            guard signal.arguments.first?.string == BlueZNames.device,
                let changed = signal.arguments.dropFirst().first?.dictionary
            else { continue }
            if changed["ServicesResolved"]?.bool == true { return }
            if changed["Connected"]?.bool == false {
                throw Failure(description: "the strap disconnected before its services were resolved")
            }
        }
        throw Self.busEnded()
    }
}
