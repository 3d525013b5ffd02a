import DBus
import Foundation

/// A fitness sensor on the BlueZ mock: a device advertising its service, the service's GATT objects and, for a
/// fitness machine, the Fitness Machine Status and a Control Point that answers writes with indications (TECHREF
/// §4, §11). Notifications come as BlueZ sends them for a StartNotify session: PropertiesChanged of `Value` from
/// the characteristic's own path.
public struct MockFitnessSensor: Sendable {
    /// What the mock sensor is: its service and its measurement characteristic.
    public enum Kind: Sendable {
        /// Cycling Speed and Cadence 0x1816, CSC Measurement 0x2A5B.
        case speedCadence
        /// Cycling Power 0x1818, Cycling Power Measurement 0x2A63.
        case power
        /// Running Speed and Cadence 0x1814, RSC Measurement 0x2A53.
        case runningPod
        /// Fitness Machine 0x1826 with Indoor Bike Data 0x2AD2, Status 0x2ADA and Control Point 0x2AD9.
        case indoorBike
        /// Fitness Machine 0x1826 with Treadmill Data 0x2ACD, Status and Control Point.
        case treadmill

        var service: String {
            switch self {
            case .speedCadence: Self.uuid("1816")
            case .power: Self.uuid("1818")
            case .runningPod: Self.uuid("1814")
            case .indoorBike, .treadmill: Self.uuid("1826")
            }
        }

        var measurement: String {
            switch self {
            case .speedCadence: Self.uuid("2a5b")
            case .power: Self.uuid("2a63")
            case .runningPod: Self.uuid("2a53")
            case .indoorBike: Self.uuid("2ad2")
            case .treadmill: Self.uuid("2acd")
            }
        }

        var isMachine: Bool { self == .indoorBike || self == .treadmill }

        static func uuid(_ short: String) -> String { "0000\(short)-0000-1000-8000-00805f9b34fb" }
    }

    public let environment: BlueZEnvironment
    /// Upper case, e.g. "C0:FF:EE:00:00:02".
    public let address: String
    public let kind: Kind

    public var devicePath: String { "/org/bluez/hci0/dev_" + address.replacingOccurrences(of: ":", with: "_") }
    // Handles unlike any real sensor's on purpose: the plugin must find objects by UUID and parent.
    public var servicePath: String { devicePath + "/service0040" }
    public var measurementPath: String { servicePath + "/char0041" }
    public var statusPath: String { servicePath + "/char0044" }
    public var controlPointPath: String { servicePath + "/char0047" }

    /// Adds adapter hci0 (unless it is there) and the sensor, connected-ready (services resolved), advertising its
    /// service.
    ///
    /// A machine's Supported Power Range (0x2AD8) reads `supportedPowerRange` and its Fitness Machine Feature
    /// (0x2ACC) `feature` when given; `batteryPercent` goes in `org.bluez.Battery1` on the device, as BlueZ's battery
    /// plugin puts it.
    public static func add(
        to environment: BlueZEnvironment, address: String, name: String, kind: Kind,
        supportedPowerRange: [UInt8]? = nil, feature: [UInt8]? = nil, batteryPercent: UInt8? = nil
    ) async throws -> MockFitnessSensor {
        let objects = try await environment.connection.managedObjects(destination: "org.bluez")
        if objects["/org/bluez/hci0"] == nil { _ = try await environment.addAdapter() }
        try await environment.bluez(
            "/", "org.bluez.Mock", "AddDevice", signature: "sss", [.string("hci0"), .string(address), .string(name)])
        let sensor = MockFitnessSensor(environment: environment, address: address, kind: kind)
        if let batteryPercent {
            try await environment.bluez(
                sensor.devicePath, "org.freedesktop.DBus.Mock", "AddProperties", signature: "sa{sv}",
                [.string("org.bluez.Battery1"), .dictionary(["Percentage": .byte(batteryPercent)])])
        }
        try await sensor.updateDevice(["UUIDs": .strings([kind.service]), "ServicesResolved": .bool(true)])
        try await sensor.addObject(
            sensor.servicePath, "org.bluez.GattService1",
            ["UUID": .string(kind.service), "Primary": .bool(true), "Device": .objectPath(sensor.devicePath)])
        let start = #"self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(True)})"#
        let stop = #"self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(False)})"#
        let notifying = [("StartNotify", "", "", start), ("StopNotify", "", "", stop)]
        try await sensor.addObject(
            sensor.measurementPath, "org.bluez.GattCharacteristic1",
            [
                "UUID": .string(kind.measurement), "Service": .objectPath(sensor.servicePath), "Value": .bytes([0]),
                "Notifying": .bool(false), "Flags": .strings(["notify"]),
            ],
            methods: notifying)
        guard kind.isMachine else { return sensor }
        try await sensor.addObject(
            sensor.statusPath, "org.bluez.GattCharacteristic1",
            [
                "UUID": .string(Kind.uuid("2ada")), "Service": .objectPath(sensor.servicePath), "Value": .bytes([0]),
                "Notifying": .bool(false), "Flags": .strings(["notify"]),
            ],
            methods: notifying)
        // Each write is kept (`Written`) and answered with the indication 0x80, op code, result: the result set for
        // that op code with `SetAnswer` (0 = no answer at all), else 0x01 success.
        let write = """
            request = bytes(args[0])
            if not hasattr(self, 'cp_written'): self.cp_written = []
            self.cp_written.append(request)
            result = getattr(self, 'cp_answers', {}).get(request[0], 1)
            if result:
                self.UpdateProperties('org.bluez.GattCharacteristic1',
                                      {'Value': dbus.Array([0x80, request[0], result], signature='y')})
            """
        let setAnswer = """
            if not hasattr(self, 'cp_answers'): self.cp_answers = {}
            self.cp_answers[int(args[0])] = int(args[1])
            """
        let written = """
            ret = dbus.Array([dbus.Array(list(w), signature='y') for w in getattr(self, 'cp_written', [])],
                             signature='ay')
            """
        try await sensor.addObject(
            sensor.controlPointPath, "org.bluez.GattCharacteristic1",
            [
                "UUID": .string(Kind.uuid("2ad9")), "Service": .objectPath(sensor.servicePath), "Value": .bytes([0]),
                "Notifying": .bool(false), "Flags": .strings(["write", "indicate"]),
            ],
            methods: notifying + [("WriteValue", "aya{sv}", "", write)])
        for (handle, uuid, value) in [("004a", "2ad8", supportedPowerRange), ("004d", "2acc", feature)] {
            guard let value else { continue }
            try await sensor.addReadable(sensor.servicePath + "/char" + handle, uuid: Kind.uuid(uuid), value: value)
        }
        try await sensor.addMethod(
            on: sensor.controlPointPath, "org.stayfit.Test", "SetAnswer", in: "yy", out: "", setAnswer)
        try await sensor.addMethod(
            on: sensor.controlPointPath, "org.stayfit.Test", "Written", in: "", out: "aay", written)
        return sensor
    }

    /// Sets Device1 properties on the sensor and emits PropertiesChanged (`["Connected": .bool(false)]`: a loss).
    public func updateDevice(_ properties: [String: DBusValue]) async throws {
        try await update(devicePath, "org.bluez.Device1", properties)
    }

    /// Sets the battery level in `org.bluez.Battery1` (added with `batteryPercent`) and emits PropertiesChanged.
    public func setBattery(_ percent: UInt8) async throws {
        try await update(devicePath, "org.bluez.Battery1", ["Percentage": .byte(percent)])
    }

    /// Sends one measurement notification.
    public func notify(_ bytes: [UInt8]) async throws {
        try await update(measurementPath, "org.bluez.GattCharacteristic1", ["Value": .bytes(bytes)])
    }

    /// Sends one Fitness Machine Status notification (a machine only).
    public func notifyStatus(_ bytes: [UInt8]) async throws {
        try await update(statusPath, "org.bluez.GattCharacteristic1", ["Value": .bytes(bytes)])
    }

    /// Makes the control point answer requests with op code `opCode` with `result` (0: never answer).
    public func answerControlPoint(opCode: UInt8, with result: UInt8) async throws {
        try await environment.bluez(
            controlPointPath, "org.stayfit.Test", "SetAnswer", signature: "yy", [.byte(opCode), .byte(result)])
    }

    /// The bytes written to the control point so far, in order.
    public func controlPointWrites() async throws -> [[UInt8]] {
        let reply = try await environment.bluez(controlPointPath, "org.stayfit.Test", "Written")
        return reply.first?.array?.compactMap(\.bytes) ?? []
    }

    /// Gives the measurement characteristic an AcquireNotify that hands out one end of a SOCK_SEQPACKET pair (as
    /// BlueZ does), and `Push` to send one payload on the other end.
    public func addAcquireNotify() async throws {
        let acquire = """
            import socket
            mine, self.sensor_peer = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            ret = (dbus.types.UnixFd(mine), dbus.UInt16(23))
            mine.close()
            """
        try await addMethod(
            on: measurementPath, "org.bluez.GattCharacteristic1", "AcquireNotify", in: "a{sv}", out: "hq", acquire)
        try await addMethod(
            on: measurementPath, "org.stayfit.Test", "Push", in: "ay", out: "", "self.sensor_peer.send(bytes(args[0]))")
    }

    /// Sends one payload on the acquired socket (needs ``addAcquireNotify()``).
    public func push(_ bytes: [UInt8]) async throws {
        try await environment.bluez(measurementPath, "org.stayfit.Test", "Push", signature: "ay", [.bytes(bytes)])
    }

    /// How many times `method` was called on the measurement characteristic (dbusmock's call log).
    public func measurementCalls(_ method: String) async throws -> Int {
        try await calls(method, on: measurementPath)
    }

    /// How many times `method` (`Connect`, `Disconnect` …) was called on the device (dbusmock's call log).
    public func deviceCalls(_ method: String) async throws -> Int {
        try await calls(method, on: devicePath)
    }

    /// Whether the measurement characteristic's Notifying is true (set by the mock's StartNotify).
    public func isNotifying() async throws -> Bool {
        try await environment.connection.property(
            "Notifying", interface: "org.bluez.GattCharacteristic1", path: measurementPath, destination: "org.bluez"
        ).bool == true
    }

    // MARK: - dbusmock plumbing

    private func calls(_ method: String, on path: String) async throws -> Int {
        let reply = try await environment.bluez(
            path, "org.freedesktop.DBus.Mock", "GetMethodCalls", signature: "s", [.string(method)])
        return reply.first?.array?.count ?? 0
    }

    private func update(_ path: String, _ interface: String, _ properties: [String: DBusValue]) async throws {
        try await environment.bluez(
            path, "org.freedesktop.DBus.Mock", "UpdateProperties", signature: "sa{sv}",
            [.string(interface), .dictionary(properties)])
    }

    private func addObject(
        _ path: String, _ interface: String, _ properties: [String: DBusValue],
        methods: [(String, String, String, String)] = []
    ) async throws {
        try await environment.bluez(
            "/", "org.freedesktop.DBus.Mock", "AddObject", signature: "ssa{sv}a(ssss)",
            [
                .string(path), .string(interface), .dictionary(properties),
                .array(methods.map { .structure([.string($0.0), .string($0.1), .string($0.2), .string($0.3)]) }),
            ])
    }

    /// A characteristic that can only be read, and reads `value`.
    private func addReadable(_ path: String, uuid: String, value: [UInt8]) async throws {
        let read = #"ret = self.props["org.bluez.GattCharacteristic1"]["Value"]"#
        try await addObject(
            path, "org.bluez.GattCharacteristic1",
            [
                "UUID": .string(uuid), "Service": .objectPath(servicePath), "Value": .bytes(value),
                "Flags": .strings(["read"]),
            ],
            methods: [("ReadValue", "a{sv}", "ay", read)])
    }

    private func addMethod(
        on path: String, _ interface: String, _ name: String, in inSignature: String, out outSignature: String,
        _ code: String
    ) async throws {
        try await environment.bluez(
            path, "org.freedesktop.DBus.Mock", "AddMethod", signature: "sssss",
            [.string(interface), .string(name), .string(inSignature), .string(outSignature), .string(code)])
    }
}
