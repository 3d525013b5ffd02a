import BluetoothSensors
import DBus
import Foundation
import HubCore

/// What `stayfit devices` asks of BlueZ: scan for heart-rate straps, connect one, disconnect it, list the known ones.
///
/// Each call opens its own connection to the system bus and closes it at the end, so a discovery session or a
/// match rule never outlives the command. Waits are in real time: the command line has no hub clock.
public struct StrapManager: Sendable {
    /// A heart-rate strap as BlueZ knows it.
    public struct Strap: Sendable, Equatable {
        /// Upper case, e.g. "C0:FF:EE:00:00:01".
        public var address: String
        /// The advertised name (BlueZ's Alias), or the address when the strap has none.
        public var name: String
        /// Signal strength of the latest advertisement, dBm; nil when none was heard during this scan.
        public var signalStrength: Int?
        public var isConnected: Bool
        public var batteryPercent: Int?

        /// "Polar H10 1234 (C0:FF:EE:00:00:01)".
        public var description: String { name == address ? address : "\(name) (\(address))" }
    }

    /// Why a `stayfit devices` action failed, in words a person can act on.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    let adapter: String
    let busAddress: DBusAddress

    /// Talks to BlueZ's `adapter` on the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set), or on `busAddress`.
    public init(adapter: String = "hci0", busAddress: DBusAddress? = nil) {
        self.adapter = adapter
        self.busAddress = busAddress ?? .system
    }

    /// How long `connect` waits for BlueZ to connect the strap and resolve its services.
    public static let connectTimeout: Duration = .seconds(30)

    // MARK: - Actions

    /// The straps advertising heart rate within `duration`, strongest signal first, then those BlueZ knows from
    /// before that were not heard (no signal strength).
    public func scan(for duration: Duration) async throws -> [Strap] {
        try await withSession { session, signals in
            let objects = try await session.checkedObjects()
            var seen: [String: Strap] = [:]
            for (path, interfaces) in objects {
                // BlueZ keeps devices from earlier scans; their RSSI is old news until an advertisement arrives.
                if var strap = session.strap(at: path, interfaces) {
                    strap.signalStrength = nil
                    seen[path] = strap
                }
            }
            try await session.bluez.startDiscovery()
            let heard = await devicesHeard(in: signals, for: duration) { signal -> (path: String, device: Strap)? in
                guard let path = session.advertisedDevicePath(in: signal),
                    let interfaces = try? await session.interfaces(of: path),
                    let strap = session.strap(at: path, interfaces)
                else { return nil }
                return (path, strap)
            }
            seen.merge(heard) { $1 }
            try? await session.bluez.stopDiscovery()
            return seen.values.sorted {
                ($0.signalStrength ?? Int.min, $1.address) > ($1.signalStrength ?? Int.min, $0.address)
            }
        }
    }

    /// Connects the strap at `address`, searching for it up to `searchFor` when BlueZ does not know it yet, and
    /// checks that it is a heart-rate strap.
    public func connect(address: String, searchFor: Duration) async throws -> Strap {
        try await withSession { session, signals in
            let objects = try await session.checkedObjects()
            let devicePath = BlueZNames.devicePath(adapterPath: session.adapterPath, address: address)
            if let advertised = objects[devicePath]?[BlueZNames.device]?["UUIDs"]?.strings, !advertised.isEmpty,
                !advertised.contains(where: BlueZNames.isHeartRateService)
            {
                throw Self.notAStrap(address)
            }
            if objects[devicePath]?[BlueZNames.device] == nil {
                try await session.bluez.startDiscovery()
                _ = try await race(
                    { try await session.waitForDevice(devicePath, signals: signals) },
                    against: {
                        try await Task.sleep(for: searchFor)
                    }
                ) {
                    Failure(
                        description:
                            "No Bluetooth device \(address) was found in \(Format.counted(Int(searchFor.components.seconds), "second")). "
                            + "Wake the strap (put it on, or moisten its electrodes) and try again; "
                            + "'stayfit devices scan' lists the straps in range.")
                }
                try? await session.bluez.stopDiscovery()
            }
            _ = try await race(
                { try await session.bluez.connectDevice(devicePath: devicePath, signals: signals) },
                against: {
                    try await Task.sleep(for: Self.connectTimeout)
                }
            ) {
                Failure(
                    description:
                        "\(address) did not connect within \(Format.counted(Int(Self.connectTimeout.components.seconds), "second")). "
                        + "Keep the strap close to the hub and try again.")
            }
            let connected = try await session.bluez.connection.managedObjects(destination: BlueZNames.service)
            guard let interfaces = connected[devicePath], var strap = session.strap(at: devicePath, interfaces),
                let gatt = try? StrapGattObjects(in: connected, devicePath: devicePath)
            else {
                try? await session.call(devicePath, BlueZNames.device, "Disconnect")
                throw Self.notAStrap(address)
            }
            strap.isConnected = true
            strap.batteryPercent = await session.bluez.batteryPercent(
                mirrored: interfaces[BlueZNames.battery]?["Percentage"]?.byte, level: gatt.batteryLevel)
            return strap
        }
    }

    /// Disconnects the device at `address`; false when it was not connected (or BlueZ does not know it).
    @discardableResult
    public func disconnect(address: String) async throws -> Bool {
        try await withSession { session, _ in
            let devicePath = BlueZNames.devicePath(adapterPath: session.adapterPath, address: address)
            do {
                try await session.call(devicePath, BlueZNames.device, "Disconnect")
                return true
            } catch let error as DBusError
                where [DBusError.Name.unknownObject, "org.bluez.Error.NotConnected", "org.bluez.Error.DoesNotExist"]
                .contains(error.name)
            {
                return false
            }
        }
    }

    /// The heart-rate straps BlueZ knows (from earlier scans and connections), with their link and battery.
    public func knownStraps() async throws -> [Strap] {
        try await withSession { session, _ in
            let objects = try await session.checkedObjects()
            return objects.compactMap { session.strap(at: $0.key, $0.value) }.sorted { $0.address < $1.address }
        }
    }

    private static func notAStrap(_ address: String) -> Failure {
        Failure(
            description: "\(address) is not a heart-rate strap: it has no Heart Rate service. "
                + "'stayfit devices scan' lists the straps in range.")
    }

    // MARK: - Plumbing

    /// Runs `body` with a fresh connection (match rules added) and closes it afterwards.
    private func withSession<T: Sendable>(
        _ body: @Sendable (Session, AsyncStream<DBusSignal>) async throws -> T
    ) async throws -> T {
        let bluez: BlueZHeartRateSession
        do {
            bluez = try await BlueZHeartRateSession.open(address: busAddress, adapter: adapter, devices: nil)
        } catch {
            throw Failure(description: "Cannot reach the system bus at \(busAddress): \(error)")
        }
        defer { bluez.connection.close() }
        let session = Session(bluez: bluez)
        do {
            return try await body(session, bluez.connection.signals())
        } catch let error as DBusError {
            throw Failure(description: "BlueZ refused: \(error)")
        } catch let error as BlueZHeartRateSession.Failure {
            throw Failure(description: error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
        }
    }

    /// One command's connection to BlueZ and what it asks of it.
    private struct Session: Sendable {
        let bluez: BlueZHeartRateSession

        var adapterPath: String { BlueZNames.adapterPath(bluez.adapter) }

        /// BlueZ's object tree, after checking that the adapter exists and is on.
        func checkedObjects() async throws -> [String: [String: [String: DBusValue]]] {
            let objects = try await bluez.connection.managedObjects(destination: BlueZNames.service)
            guard let adapter = objects[adapterPath]?[BlueZNames.adapter] else {
                throw Failure(
                    description: "BlueZ has no Bluetooth adapter \(bluez.adapter). "
                        + "'bluetoothctl list' shows the adapters; choose one with --adapter.")
            }
            guard adapter["Powered"]?.bool != false else {
                throw Failure(
                    description: "The Bluetooth adapter \(bluez.adapter) is switched off. "
                        + "Switch it on with 'bluetoothctl power on' (or 'rfkill unblock bluetooth').")
            }
            return objects
        }

        func interfaces(of path: String) async throws -> [String: [String: DBusValue]] {
            [
                BlueZNames.device: try await bluez.connection.properties(
                    interface: BlueZNames.device, path: path, destination: BlueZNames.service)
            ]
        }

        /// The strap at `path` when it is a device on this adapter advertising the Heart Rate service.
        func strap(at path: String, _ interfaces: [String: [String: DBusValue]]) -> Strap? {
            guard path.hasPrefix(adapterPath + "/"), let device = interfaces[BlueZNames.device],
                let address = device["Address"]?.string,
                (device["UUIDs"]?.strings ?? []).contains(where: BlueZNames.isHeartRateService)
            else { return nil }
            return Strap(
                address: address.uppercased(), name: device["Alias"]?.string ?? device["Name"]?.string ?? address,
                signalStrength: device["RSSI"]?.int16.map(Int.init), isConnected: device["Connected"]?.bool ?? false,
                batteryPercent: interfaces[BlueZNames.battery]?["Percentage"]?.byte.map(Int.init))
        }

        /// The device path a discovery signal is about (a new device, or new advertisement data), if any.
        func advertisedDevicePath(in signal: DBusSignal) -> String? {
            switch signal.member {
            case "InterfacesAdded":
                return signal.arguments.first?.objectPath.flatMap { $0.hasPrefix(adapterPath + "/dev_") ? $0 : nil }
            case "PropertiesChanged" where signal.arguments.first?.string == BlueZNames.device:
                return signal.path.hasPrefix(adapterPath + "/dev_") ? signal.path : nil
            default:
                return nil
            }
        }

        func waitForDevice(_ devicePath: String, signals: AsyncStream<DBusSignal>) async throws {
            for await signal in signals where advertisedDevicePath(in: signal) == devicePath { return }
            throw BlueZHeartRateSession.busEnded()
        }

        func call(_ path: String, _ interface: String, _ member: String) async throws {
            try await bluez.connection.call(
                destination: BlueZNames.service, path: path, interface: interface, member: member)
        }
    }
}
