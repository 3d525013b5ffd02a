import DBus
import Foundation

/// A heart-rate strap on the BlueZ mock: device, Heart Rate service with its Measurement and Body Sensor Location
/// characteristics, and a battery level (TECHREF §4).
public struct MockStrap: Sendable {
    /// The address of the first strap, the one most tests use.
    public static let firstAddress = "C0:FF:EE:00:00:01"
    public static let heartRateService = "0000180d-0000-1000-8000-00805f9b34fb"

    public let environment: BlueZEnvironment
    /// Upper case, e.g. "C0:FF:EE:00:00:01".
    public let address: String

    public var devicePath: String { "/org/bluez/hci0/dev_" + address.replacingOccurrences(of: ":", with: "_") }
    // Handles differ from BlueZ's usual ones on purpose: the plugin must find objects by UUID and parent.
    public var servicePath: String { devicePath + "/service0023" }
    public var characteristicPath: String { servicePath + "/char0024" }
    public var bodySensorLocationPath: String { servicePath + "/char0027" }

    public init(environment: BlueZEnvironment, address: String = MockStrap.firstAddress) {
        self.environment = environment
        self.address = address
    }

    /// Adds adapter hci0 (unless it is there) and the strap: resolved, advertising Heart Rate, worn on the chest,
    /// with `batteryPercent` in `org.bluez.Battery1` when given (BlueZ's battery plugin), and a Battery service
    /// whose Battery Level reads `batteryLevel` when given (what a client sees without that plugin).
    public static func add(
        to environment: BlueZEnvironment, address: String = firstAddress, name: String = "Polar H10 1234",
        batteryPercent: UInt8? = 85, batteryLevel: UInt8? = nil
    ) async throws -> MockStrap {
        let objects = try await environment.connection.managedObjects(destination: "org.bluez")
        if objects["/org/bluez/hci0"] == nil { _ = try await environment.addAdapter() }
        try await environment.bluez(
            "/", "org.bluez.Mock", "AddDevice", signature: "sss", [.string("hci0"), .string(address), .string(name)])
        let strap = MockStrap(environment: environment, address: address)
        if let batteryPercent {
            try await environment.bluez(
                strap.devicePath, "org.freedesktop.DBus.Mock", "AddProperties", signature: "sa{sv}",
                [.string("org.bluez.Battery1"), .dictionary(["Percentage": .byte(batteryPercent)])])
        }
        try await strap.updateDevice(["UUIDs": .strings([heartRateService]), "ServicesResolved": .bool(true)])
        try await strap.addObject(
            strap.servicePath, "org.bluez.GattService1",
            ["UUID": .string(heartRateService), "Primary": .bool(true), "Device": .objectPath(strap.devicePath)])
        let start = #"self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(True)})"#
        let stop = #"self.UpdateProperties("org.bluez.GattCharacteristic1", {"Notifying": dbus.Boolean(False)})"#
        try await strap.addObject(
            strap.characteristicPath, "org.bluez.GattCharacteristic1",
            [
                "UUID": .string("00002a37-0000-1000-8000-00805f9b34fb"), "Service": .objectPath(strap.servicePath),
                "Value": .bytes([0x06, 0x3c]), "Notifying": .bool(false), "Flags": .strings(["notify"]),
            ],
            methods: [("StartNotify", "", "", start), ("StopNotify", "", "", stop)])
        let read = #"ret = self.props["org.bluez.GattCharacteristic1"]["Value"]"#
        try await strap.addObject(
            strap.bodySensorLocationPath, "org.bluez.GattCharacteristic1",
            [
                "UUID": .string("00002a38-0000-1000-8000-00805f9b34fb"), "Service": .objectPath(strap.servicePath),
                "Value": .bytes([0x01]), "Flags": .strings(["read"]),
            ],
            methods: [("ReadValue", "a{sv}", "ay", read)])
        if let batteryLevel {
            let battery = strap.devicePath + "/service0030"
            try await strap.addObject(
                battery, "org.bluez.GattService1",
                [
                    "UUID": .string("0000180f-0000-1000-8000-00805f9b34fb"), "Primary": .bool(true),
                    "Device": .objectPath(strap.devicePath),
                ])
            try await strap.addObject(
                battery + "/char0031", "org.bluez.GattCharacteristic1",
                [
                    "UUID": .string("00002a19-0000-1000-8000-00805f9b34fb"), "Service": .objectPath(battery),
                    "Value": .bytes([batteryLevel]), "Flags": .strings(["read", "notify"]),
                ],
                methods: [("ReadValue", "a{sv}", "ay", read)])
        }
        return strap
    }

    /// Sets Device1 properties on the strap and emits PropertiesChanged.
    public func updateDevice(_ properties: [String: DBusValue]) async throws {
        try await update(devicePath, "org.bluez.Device1", properties)
    }

    /// Sets the battery level in `org.bluez.Battery1` and emits PropertiesChanged, as BlueZ does.
    public func setBattery(_ percent: UInt8) async throws {
        try await update(devicePath, "org.bluez.Battery1", ["Percentage": .byte(percent)])
    }

    /// Sends one notification: stores Value and emits PropertiesChanged from the characteristic.
    public func notify(_ bytes: [UInt8]) async throws {
        try await update(characteristicPath, "org.bluez.GattCharacteristic1", ["Value": .bytes(bytes)])
    }

    /// Whether the characteristic's Notifying is true (set by the mock's StartNotify).
    public func isNotifying() async throws -> Bool {
        try await environment.connection.property(
            "Notifying", interface: "org.bluez.GattCharacteristic1", path: characteristicPath, destination: "org.bluez"
        ).bool == true
    }

    /// How many times `method` was called on the device object (dbusmock's call log).
    public func deviceCalls(_ method: String) async throws -> Int {
        try await calls(method, on: devicePath)
    }

    /// How many times `method` was called on the measurement characteristic.
    public func characteristicCalls(_ method: String) async throws -> Int {
        try await calls(method, on: characteristicPath)
    }

    /// Replaces Device1.Connect on the strap with Python `code`.
    public func replaceConnect(with code: String) async throws {
        try await addMethod(on: devicePath, "org.bluez.Device1", "Connect", in: "", out: "", code)
    }

    // MARK: - AcquireNotify

    /// Gives the characteristic an AcquireNotify that hands out one end of a SOCK_SEQPACKET pair, and test methods
    /// `Push` (send one payload on the other end), `PushMany` (send one payload n times) and `HangUp` (close it, as
    /// BlueZ does on disconnect).
    public func addAcquireNotify() async throws {
        let acquire = """
            import socket
            mine, self.hr_peer = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            ret = (dbus.types.UnixFd(mine), dbus.UInt16(23))
            mine.close()
            """
        try await addMethod(
            on: characteristicPath, "org.bluez.GattCharacteristic1", "AcquireNotify", in: "a{sv}", out: "hq", acquire)
        try await addMethod(
            on: characteristicPath, "org.stayfit.Test", "Push", in: "ay", out: "", "self.hr_peer.send(bytes(args[0]))")
        try await addMethod(
            on: characteristicPath, "org.stayfit.Test", "PushMany", in: "ayu", out: "",
            "payload = bytes(args[0])\nfor _ in range(args[1]): self.hr_peer.send(payload)")
        try await addMethod(
            on: characteristicPath, "org.stayfit.Test", "HangUp", in: "", out: "", "self.hr_peer.close()")
    }

    /// Sends one payload on the acquired socket.
    public func push(_ bytes: [UInt8]) async throws {
        try await environment.bluez(characteristicPath, "org.stayfit.Test", "Push", signature: "ay", [.bytes(bytes)])
    }

    /// Sends `bytes` `count` times on the acquired socket, from inside the mock (no D-Bus message per payload).
    public func push(_ bytes: [UInt8], times count: UInt32) async throws {
        try await environment.bluez(
            characteristicPath, "org.stayfit.Test", "PushMany", signature: "ayu", [.bytes(bytes), .uint32(count)])
    }

    /// Closes the mock's end of the acquired socket.
    public func hangUp() async throws {
        try await environment.bluez(characteristicPath, "org.stayfit.Test", "HangUp")
    }

    /// Adds `NotifyMany(ay, u)` to the characteristic: emits `count` PropertiesChanged signals of `Value`, as BlueZ
    /// does for each notification of a StartNotify session, from inside the mock.
    public func addNotifyMany() async throws {
        let code = """
            value = dbus.Array(args[0], signature='y')
            for _ in range(args[1]):
                self.EmitSignal('org.freedesktop.DBus.Properties', 'PropertiesChanged', 'sa{sv}as',
                                ['org.bluez.GattCharacteristic1', {'Value': value}, dbus.Array([], signature='s')])
            """
        try await addMethod(on: characteristicPath, "org.stayfit.Test", "NotifyMany", in: "ayu", out: "", code)
    }

    /// Emits `count` notifications of `bytes` as PropertiesChanged (needs ``addNotifyMany()``).
    public func notify(_ bytes: [UInt8], times count: UInt32) async throws {
        try await environment.bluez(
            characteristicPath, "org.stayfit.Test", "NotifyMany", signature: "ayu", [.bytes(bytes), .uint32(count)])
    }

    // MARK: - Numbered notifications

    /// Notification number `number` (1…65 535): 72 bpm, no contact sensor, Energy Expended of `number` kJ
    /// (`08 48 lo hi`), so that a test can tell which notifications arrived, and in what order. (Not an RR
    /// interval: most numbers would be no heart beat, and the plugin leaves those out.)
    public static func numberedPayload(_ number: Int) -> [UInt8] {
        [0x08, 0x48, UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8)]
    }

    /// Python that emits numbered notifications `first` … `first + count - 1` from the measurement characteristic,
    /// each as the PropertiesChanged of `Value` BlueZ sends for a StartNotify session.
    private func emitNumbered(first: String, count: String) -> String {
        """
        characteristic = get_object('\(characteristicPath)')
        for number in range(\(first), \(first) + \(count)):
            value = dbus.Array([0x08, 0x48, number & 0xff, number >> 8], signature='y')
            changed = ['org.bluez.GattCharacteristic1', {'Value': value}, dbus.Array([], signature='s')]
            characteristic.EmitSignal('org.freedesktop.DBus.Properties', 'PropertiesChanged', 'sa{sv}as', changed)
        """
    }

    /// Adds `NotifyNumbered(u first, u count)` to the characteristic: numbered notifications as fast as the mock
    /// can emit them (see ``numberedPayload(_:)``).
    public func addNotifyNumbered() async throws {
        try await addMethod(
            on: characteristicPath, "org.stayfit.Test", "NotifyNumbered", in: "uu", out: "",
            emitNumbered(first: "args[0]", count: "args[1]"))
    }

    /// Emits notifications `first` … `first + count - 1` (needs ``addNotifyNumbered()``); returns once the mock
    /// has sent them all. Signals from one sender keep their order, so a connection that made this call has
    /// received every one of them before it receives the reply.
    public func notifyNumbered(from first: Int = 1, count: Int) async throws {
        try await environment.bluez(
            characteristicPath, "org.stayfit.Test", "NotifyNumbered", signature: "uu",
            [.uint32(UInt32(clamping: first)), .uint32(UInt32(clamping: count))])
    }

    /// Makes the Body Sensor Location read, which a client does after subscribing, first emit notifications
    /// 1 … `count`: a burst that arrives while the client is still busy connecting, before it reads any of them.
    public func notifyWhileBodySensorLocationIsRead(count: Int) async throws {
        let code = emitNumbered(first: "1", count: "\(count)") + "\nret = dbus.Array([1], signature='y')"
        try await addMethod(
            on: bodySensorLocationPath, "org.bluez.GattCharacteristic1", "ReadValue", in: "a{sv}", out: "ay", code)
    }

    // MARK: - dbusmock plumbing

    private func update(_ path: String, _ interface: String, _ properties: [String: DBusValue]) async throws {
        try await environment.bluez(
            path, "org.freedesktop.DBus.Mock", "UpdateProperties", signature: "sa{sv}",
            [.string(interface), .dictionary(properties)])
    }

    private func calls(_ method: String, on path: String) async throws -> Int {
        let reply = try await environment.bluez(
            path, "org.freedesktop.DBus.Mock", "GetMethodCalls", signature: "s", [.string(method)])
        return reply.first?.array?.count ?? 0
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

    private func addMethod(
        on path: String, _ interface: String, _ name: String, in inSignature: String, out outSignature: String,
        _ code: String
    ) async throws {
        try await environment.bluez(
            path, "org.freedesktop.DBus.Mock", "AddMethod", signature: "sssss",
            [.string(interface), .string(name), .string(inSignature), .string(outSignature), .string(code)])
    }
}
