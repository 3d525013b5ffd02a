import DBus
import Foundation
import Logging

/// One connection to BlueZ for one Bluetooth LE sensor: the calls every sensor plugin makes to discover, connect,
/// read, write and subscribe, whatever the sensor measures.
///
/// A session owns its own `DBusConnection` (match rules added before any BlueZ call) and the caller closes it at the
/// end, so match rules, discovery and BlueZ's notify sessions go away with it: a plugin makes a new session for
/// every reconnect attempt.
///
/// ```swift
/// let session = try await BlueZSession.open(address: .system, adapter: "hci0")
/// defer { session.connection.close() }
/// let signals = session.connection.signals()
/// _ = try await session.connectDevice(devicePath: path, signals: signals)
/// let socket = try await session.subscribe(characteristic: measurementPath)
/// ```
public struct BlueZSession: Sendable {
    /// Why a session ended or could not start, in words for the log and the status line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    public let connection: DBusConnection
    /// The adapter's name, e.g. "hci0".
    public let adapter: String
    /// Where the session says what it waits for (debug level).
    public let logger: Logger

    /// The adapter's object path, e.g. `/org/bluez/hci0`.
    public var adapterPath: String { BlueZNames.adapterPath(adapter) }

    /// Connects to the bus and adds the match rules, before any BlueZ call, so that no signal is missed.
    public static func open(
        address: DBusAddress, adapter: String,
        logger: Logger = Logger(label: "bluetooth", factory: { _ in SwiftLogNoOpLogHandler() })
    ) async throws -> BlueZSession {
        let connection = try await DBusConnection(address: address)
        do {
            for rule in BlueZNames.matchRules { try await connection.addMatch(rule) }
        } catch {
            connection.close()
            throw error
        }
        return BlueZSession(connection: connection, adapter: adapter, logger: logger)
    }

    /// The signal stream ended without cancellation: the connection to the bus is gone.
    public static func busEnded() -> any Error {
        Task.isCancelled ? CancellationError() : Failure(description: "the connection to the system bus ended")
    }

    // MARK: - Adapter and discovery

    /// BlueZ's object tree, after checking that the adapter exists and is switched on.
    public func checkedObjects() async throws -> [String: [String: [String: DBusValue]]] {
        let objects = try await connection.managedObjects(destination: BlueZNames.service)
        guard let adapterProperties = objects[adapterPath]?[BlueZNames.adapter] else {
            throw Failure(
                description: "BlueZ has no Bluetooth adapter \(adapter) (bluetoothctl list shows the adapters)")
        }
        guard adapterProperties["Powered"]?.bool != false else {
            throw Failure(description: "the Bluetooth adapter \(adapter) is switched off (bluetoothctl power on)")
        }
        return objects
    }

    /// Starts discovering LE devices that advertise any of `services` (128-bit UUID strings).
    ///
    /// Without ``stopDiscovery()`` the discovery session ends anyway when this session's connection closes:
    /// BlueZ drops it when its client leaves the bus.
    public func startDiscovery(services: [String]) async throws {
        let filter: DBusValue = .dictionary(["UUIDs": .strings(services), "Transport": .string("le")])
        try await callAdapter("SetDiscoveryFilter", signature: "a{sv}", [filter])
        try await callAdapter("StartDiscovery")
    }

    public func stopDiscovery() async throws { try await callAdapter("StopDiscovery") }

    private func callAdapter(_ member: String, signature: String = "", _ arguments: [DBusValue] = []) async throws {
        try await connection.call(
            destination: BlueZNames.service, path: adapterPath, interface: BlueZNames.adapter, member: member,
            signature: signature, arguments: arguments)
    }

    // MARK: - Connecting

    /// Connects the device and waits until BlueZ has resolved its services; returns its Device1 properties.
    ///
    /// `noun` names the device in the log and in a failure ("strap", "sensor").
    public func connectDevice(
        devicePath: String, signals: AsyncStream<DBusSignal>, noun: String = "device"
    ) async throws -> [String: DBusValue] {
        // Connected already (or being connected by someone else): go on to wait for the services.
        try await call(
            devicePath, BlueZNames.device, "Connect",
            ignoring: ["org.bluez.Error.AlreadyConnected", "org.bluez.Error.InProgress"])
        let device = try await connection.properties(
            interface: BlueZNames.device, path: devicePath, destination: BlueZNames.service)
        if device["ServicesResolved"]?.bool != true {
            try await waitForServicesResolved(devicePath: devicePath, signals: signals, noun: noun)
        }
        return device
    }

    private func waitForServicesResolved(
        devicePath: String, signals: AsyncStream<DBusSignal>, noun: String
    ) async throws {
        logger.debug("waiting for BlueZ to resolve the \(noun)'s services", metadata: ["device": "\(devicePath)"])
        for await signal in signals where signal.path == devicePath && signal.member == "PropertiesChanged" {
            guard signal.arguments.first?.string == BlueZNames.device,
                let changed = signal.arguments.dropFirst().first?.dictionary
            else { continue }
            if changed["ServicesResolved"]?.bool == true { return }
            if changed["Connected"]?.bool == false {
                throw Failure(description: "the \(noun) disconnected before its services were resolved")
            }
        }
        throw Self.busEnded()
    }

    /// Narrows this connection's PropertiesChanged signals to one connected device's subtree (link, battery,
    /// notifications) and its adapter (power): the new rules first, then the broad one goes, so no signal of the
    /// link falls between them. Without it every advertisement another client's scan brings would wake the hub.
    public func narrowSignals(devicePath: String) async throws {
        for rule in BlueZNames.linkRules(devicePath: devicePath, adapterPath: adapterPath) {
            try await connection.addMatch(rule)
        }
        try await connection.removeMatch(BlueZNames.allPropertiesChanged)
    }

    // MARK: - Characteristics

    /// The battery level BlueZ mirrors in `org.bluez.Battery1`, else the Battery Level characteristic's; nil when
    /// neither is there or the value is not a percentage.
    public func batteryPercent(mirrored: UInt8?, level: String?) async -> Int? {
        var value = mirrored
        if value == nil, let level { value = await read(level)?.first }
        return value.map(Int.init).flatMap { (0...100).contains($0) ? $0 : nil }
    }

    /// The value of a readable characteristic, or nil when it cannot be read (the information is optional).
    public func read(_ characteristic: String) async -> [UInt8]? {
        let reply = try? await connection.call(
            destination: BlueZNames.service, path: characteristic, interface: BlueZNames.gattCharacteristic,
            member: "ReadValue", signature: "a{sv}", arguments: [.dictionary([:])], timeout: .seconds(5))
        return reply?.first?.bytes
    }

    /// Writes `value` to a characteristic with a write request (the device acknowledges it).
    ///
    /// - Throws: `DBusError` as BlueZ maps the ATT error (TECHREF §1), e.g. `org.bluez.Error.NotPermitted`.
    public func write(_ characteristic: String, value: [UInt8]) async throws {
        try await connection.call(
            destination: BlueZNames.service, path: characteristic, interface: BlueZNames.gattCharacteristic,
            member: "WriteValue", signature: "aya{sv}",
            arguments: [.bytes(value), .dictionary(["type": .string("request")])])
    }

    /// Subscribes to the characteristic: `AcquireNotify` first (payloads on a socket), `StartNotify` (payloads as
    /// PropertiesChanged of `Value` from the characteristic's path) when that is refused or file descriptors cannot
    /// pass. `acquire: false` goes straight to `StartNotify` (indications, which BlueZ does not hand out as a socket).
    /// The socket's reader thread is named `threadName`.
    public func subscribe(
        characteristic: String, acquire: Bool = true, threadName: String = "ble-notify", gatherFor: Duration? = nil
    ) async throws
        -> NotifySocketReader?
    {
        if acquire, connection.canPassUnixFileDescriptors {
            do {
                let reply = try await connection.call(
                    destination: BlueZNames.service, path: characteristic, interface: BlueZNames.gattCharacteristic,
                    member: "AcquireNotify", signature: "a{sv}", arguments: [.dictionary([:])])
                // The MTU first: taking the descriptor makes it ours to close.
                if reply.count == 2, let mtu = reply[1].uint16, let descriptor = reply[0].unixFD?.take() {
                    return NotifySocketReader(
                        taking: descriptor, mtu: Int(mtu), threadName: threadName, gatherFor: gatherFor)
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
    public func call(_ path: String, _ interface: String, _ member: String, ignoring: Set<String> = []) async throws {
        do {
            try await connection.call(destination: BlueZNames.service, path: path, interface: interface, member: member)
        } catch {
            let failure: DBusError = error
            if !ignoring.contains(failure.name) { throw failure }
        }
    }

    /// The new `Value` of a characteristic's PropertiesChanged, found without building a dictionary of the changes.
    public static func notifiedValue(_ signal: DBusSignal) -> [UInt8]? {
        guard signal.member == "PropertiesChanged", signal.arguments.count >= 2,
            signal.arguments[0].string == BlueZNames.gattCharacteristic,
            let value = signal.arguments[1].entries?.first(where: { $0.key.string == "Value" })?.value
        else { return nil }
        return value.bytes
    }

    /// 1 s, 2 s, 4 s … capped at 30 s: the wait before reconnect attempt `failures + 1` (TECHREF §1).
    public static func backoff(afterFailures failures: Int) -> Duration {
        min(.seconds(1 << min(failures, 5)), .seconds(30))
    }
}
