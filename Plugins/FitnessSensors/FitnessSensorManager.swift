import BluetoothSensors
import DBus
import Foundation
import HubCore

/// What `stayfit devices` asks of BlueZ about fitness sensors: scan for them, pair one (connect it and tell its
/// kind), list the known ones, disconnect one.
///
/// Each call opens its own connection to the system bus and closes it at the end. Waits are in real time: the
/// command line has no hub clock.
public struct FitnessSensorManager: Sendable {
    /// A fitness sensor as BlueZ knows it.
    public struct Sensor: Sendable, Equatable {
        /// Upper case, e.g. "C0:FF:EE:00:00:02".
        public var address: String
        public var name: String
        public var kind: SensorKind
        /// "Smart trainer", "Treadmill" … once connected (the data characteristic tells); else the kind's words.
        public var words: String
        /// Signal strength of the latest advertisement, dBm; nil when none was heard during this scan.
        public var signalStrength: Int?
        public var isConnected: Bool

        /// "Wahoo SPEED 1234 (C0:FF:EE:00:00:02)".
        public var description: String { name == address ? address : "\(name) (\(address))" }
    }

    /// Why a `stayfit devices` action failed, in words a person can act on.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let adapter: String
    let busAddress: DBusAddress

    /// Talks to BlueZ's `adapter` on the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set), or on `busAddress`.
    public init(adapter: String = "hci0", busAddress: DBusAddress? = nil) {
        self.adapter = adapter
        self.busAddress = busAddress ?? .system
    }

    /// How long `pair` waits for BlueZ to connect the sensor and resolve its services.
    public static let connectTimeout: Duration = .seconds(30)

    /// The sensors advertising one of the four services within `duration`, strongest signal first, then those BlueZ
    /// knew before that were not heard.
    public func scan(for duration: Duration) async throws -> [Sensor] {
        try await withSession { session, signals in
            var seen: [String: Sensor] = [:]
            for (path, interfaces) in try await session.checkedObjects() {
                if var sensor = sensor(at: path, interfaces[BlueZNames.device], session: session) {
                    sensor.signalStrength = nil
                    seen[path] = sensor
                }
            }
            try await session.startDiscovery(services: SensorKind.services)
            let heard = await devicesHeard(in: signals, for: duration) { signal -> (path: String, device: Sensor)? in
                guard let path = advertisedDevicePath(in: signal, session: session),
                    let device = try? await session.connection.properties(
                        interface: BlueZNames.device, path: path, destination: BlueZNames.service),
                    let sensor = sensor(at: path, device, session: session)
                else { return nil }
                return (path, sensor)
            }
            seen.merge(heard) { $1 }
            try? await session.stopDiscovery()
            return seen.values.sorted {
                ($0.signalStrength ?? Int.min, $1.address) > ($1.signalStrength ?? Int.min, $0.address)
            }
        }
    }

    /// The fitness sensors BlueZ knows (from earlier scans and connections).
    public func knownSensors() async throws -> [Sensor] {
        try await withSession { session, _ in
            try await session.checkedObjects().compactMap {
                sensor(at: $0.key, $0.value[BlueZNames.device], session: session)
            }
            .sorted { $0.address < $1.address }
        }
    }

    /// Connects the sensor at `address` (searching for it up to `searchFor` when BlueZ does not know it yet) and
    /// tells its kind from its GATT services.
    public func pair(address: String, searchFor: Duration) async throws -> Sensor {
        try await withSession { session, signals in
            let objects = try await session.checkedObjects()
            let devicePath = BlueZNames.devicePath(adapterPath: session.adapterPath, address: address)
            if objects[devicePath]?[BlueZNames.device] == nil {
                try await session.startDiscovery(services: SensorKind.services)
                _ = try await race(
                    {
                        for await signal in signals
                        where advertisedDevicePath(in: signal, session: session) == devicePath {
                            return
                        }
                        throw BlueZSession.busEnded()
                    },
                    against: { try await Task.sleep(for: searchFor) }
                ) {
                    Failure(
                        description:
                            "No Bluetooth device \(address) was found in \(Format.counted(Int(searchFor.components.seconds), "second")). "
                            + "Wake the sensor (spin the wheel or the crank, step on the machine) and try again; "
                            + "'stayfit devices scan' lists the sensors in range.")
                }
                try? await session.stopDiscovery()
            }
            let device = try await race(
                { try await session.connectDevice(devicePath: devicePath, signals: signals, noun: "sensor") },
                against: { try await Task.sleep(for: Self.connectTimeout) }
            ) {
                Failure(
                    description:
                        "\(address) did not connect within \(Format.counted(Int(Self.connectTimeout.components.seconds), "second")). "
                        + "Keep the sensor close to the hub and try again.")
            }
            let connected = try await session.connection.managedObjects(destination: BlueZNames.service)
            guard let gatt = try? SensorGattObjects(in: connected, devicePath: devicePath) else {
                try? await session.call(devicePath, BlueZNames.device, "Disconnect")
                throw Failure(
                    description: "\(address) is no speed and cadence sensor, power meter, running pod or fitness "
                        + "machine: it offers none of their services. 'stayfit devices scan' lists the sensors in range."
                )
            }
            let name = device["Alias"]?.string ?? device["Name"]?.string ?? address
            return Sensor(
                address: address, name: name, kind: gatt.kind, words: gatt.machineType?.words ?? gatt.kind.words,
                signalStrength: nil, isConnected: true)
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

    // MARK: - Plumbing

    private func withSession<T: Sendable>(
        _ body: @Sendable (BlueZSession, AsyncStream<DBusSignal>) async throws -> T
    ) async throws -> T {
        let session: BlueZSession
        do {
            session = try await BlueZSession.open(address: busAddress, adapter: adapter)
        } catch {
            throw Failure(description: "Cannot reach the system bus at \(busAddress): \(error)")
        }
        defer { session.connection.close() }
        do {
            return try await body(session, session.connection.signals())
        } catch let error as DBusError {
            throw Failure(description: "BlueZ refused: \(error)")
        } catch let error as BlueZSession.Failure {
            throw Failure(description: error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
        }
    }

    /// The sensor at `path` when it is a device on this adapter offering one of the four services.
    private func sensor(at path: String, _ device: [String: DBusValue]?, session: BlueZSession) -> Sensor? {
        guard path.hasPrefix(session.adapterPath + "/"), let device, let address = device["Address"]?.string,
            let kind = SensorKind(offering: device["UUIDs"]?.strings ?? [])
        else { return nil }
        return Sensor(
            address: address.uppercased(), name: device["Alias"]?.string ?? device["Name"]?.string ?? address,
            kind: kind, words: kind.words, signalStrength: device["RSSI"]?.int16.map(Int.init),
            isConnected: device["Connected"]?.bool ?? false)
    }

    /// The device path a discovery signal is about (a new device, or new advertisement data), if any.
    private func advertisedDevicePath(in signal: DBusSignal, session: BlueZSession) -> String? {
        let prefix = session.adapterPath + "/dev_"
        switch signal.member {
        case "InterfacesAdded":
            return signal.arguments.first?.objectPath.flatMap { $0.hasPrefix(prefix) ? $0 : nil }
        case "PropertiesChanged" where signal.arguments.first?.string == BlueZNames.device:
            return signal.path.hasPrefix(prefix) ? signal.path : nil
        default:
            return nil
        }
    }
}
