import BlueZTestKit
import DBus
import Foundation
import Testing

@Suite struct DBusConnectionTests {
    @Test func connectsToTheSystemBusNamedInTheGivenEnvironment() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let address = DBusAddress.system(environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address])
        #expect(address.rawValue == bus.address)

        let connection = try await DBusConnection(address: address)
        defer { connection.close() }

        #expect(connection.isConnected)
        #expect(connection.uniqueName.hasPrefix(":"))
        #expect(connection.canPassUnixFileDescriptors)
        // The bus itself confirms the registration: our unique name owns itself.
        #expect(try await connection.nameOwner(of: connection.uniqueName) == connection.uniqueName)
    }

    @Test func systemAddressFallsBackToTheDefaultSocketWhenTheVariableIsUnsetOrEmpty() {
        #expect(DBusAddress.system(environment: [:]) == .defaultSystemBus)
        #expect(DBusAddress.system(environment: ["DBUS_SYSTEM_BUS_ADDRESS": ""]) == .defaultSystemBus)
        #expect(DBusAddress.defaultSystemBus.rawValue == "unix:path=/run/dbus/system_bus_socket")
    }

    @Test func connectingWhereNoBusListensThrowsAnErrorInsteadOfExiting() async throws {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("no-bus-\(UUID().uuidString)")
        let error = await #expect(throws: DBusError.self) {
            _ = try await DBusConnection(address: DBusAddress("unix:path=\(socket.path)"))
        }
        #expect(error?.name.hasPrefix("org.freedesktop.DBus.Error.") == true)
        #expect(error?.description.contains(socket.path) == true)
    }
}
