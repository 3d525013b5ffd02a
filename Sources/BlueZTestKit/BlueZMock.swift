import DBus
import Foundation
import Synchronization

/// python-dbusmock's `bluez5` template, serving `org.bluez` on a private bus.
public final class BlueZMock: Sendable {
    private let child: ChildProcess
    private let logPath: String
    private let stopped = Mutex(false)

    /// Starts the mock; it thinks the private bus is the system bus (`DBUS_SYSTEM_BUS_ADDRESS`).
    public init(bus: PrivateBus) throws {
        logPath =
            FileManager.default.temporaryDirectory.appendingPathComponent("bluez-mock-\(UUID().uuidString).log").path
        child = try ChildProcess.spawn(
            "/usr/bin/python3", ["-m", "dbusmock", "--template", "bluez5"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address], stderrPath: logPath)
    }

    /// The mock's process id, for benchmarks that read its CPU time (it stands in for bluetoothd).
    ///
    /// Only meaningful until ``stop()``: afterwards the id may belong to another process.
    public var pid: pid_t { child.pid }

    /// Whatever the mock wrote to stderr, for failure messages.
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Terminates the mock process (only this child) and reaps it; later calls do nothing, as the pid may be reused.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        child.stop()
        try? FileManager.default.removeItem(atPath: logPath)
    }
}

/// A private bus with the BlueZ mock on it and a connection to that bus.
public struct BlueZEnvironment: Sendable {
    public let bus: PrivateBus
    public let mock: BlueZMock
    public let connection: DBusConnection

    public init(bus: PrivateBus, mock: BlueZMock, connection: DBusConnection) {
        self.bus = bus
        self.mock = mock
        self.connection = connection
    }

    /// Calls a method of the mock's `org.bluez` service.
    @discardableResult
    public func bluez(
        _ path: String, _ interface: String, _ member: String, signature: String = "", _ arguments: [DBusValue] = [],
        timeout: Duration = DBusConnection.defaultTimeout
    ) async throws -> [DBusValue] {
        try await connection.call(
            destination: "org.bluez", path: path, interface: interface, member: member, signature: signature,
            arguments: arguments, timeout: timeout)
    }

    /// Adds a method with Python `code` to the mock's root object (dbusmock's `AddMethod`).
    public func addMockMethod(
        interface: String, name: String, in inSignature: String, out outSignature: String, code: String
    )
        async throws
    {
        try await bluez(
            "/", "org.freedesktop.DBus.Mock", "AddMethod", signature: "sssss",
            [.string(interface), .string(name), .string(inSignature), .string(outSignature), .string(code)])
    }

    /// Adds adapter `hci0` and returns its object path.
    public func addAdapter() async throws -> String {
        let reply = try await bluez(
            "/", "org.bluez.Mock", "AddAdapter", signature: "ss", [.string("hci0"), .string("StayFit Hub")])
        guard let path = reply.first?.string else { throw HarnessError("AddAdapter returned \(reply)") }
        return path
    }
}

/// Runs `body` with a fresh private bus, BlueZ mock and connection, and tears all three down afterwards.
public func withBlueZMock<T>(_ body: (BlueZEnvironment) async throws -> T) async throws -> T {
    let bus = try await PrivateBus.start()
    defer { bus.kill() }
    let mock = try BlueZMock(bus: bus)
    defer { mock.stop() }
    let connection = try await DBusConnection(address: DBusAddress(bus.address))
    defer { connection.close() }
    try await waitForOwner(of: "org.bluez", on: connection, log: { mock.log })
    return try await body(BlueZEnvironment(bus: bus, mock: mock, connection: connection))
}

/// Waits (bounded) until `name` has an owner on the bus.
public func waitForOwner(of name: String, on connection: DBusConnection, log: () -> String = { "" }) async throws {
    do {
        try await eventually("\(name) on the bus", timeout: TestDeadline.hang) {
            try await connection.nameOwner(of: name) != nil
        }
    } catch {
        throw HarnessError("\(name) never appeared on the bus. Mock output:\n\(log())")
    }
}
