import BlueZTestKit
import DBus
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Losing the bus: streams end, calls fail, the process lives on.
@Suite struct DBusDisconnectionTests {
    @Test func killedBusDaemonEndsSignalStreamsAndFailsCallsWithoutExiting() async throws {
        try await withBlueZMock { env in
            // Longer than any wait here: under a loaded test run the signal below can come seconds late, and a
            // call that answers before the kill would pass for one the kill failed. The mock's stop ends the sleep.
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Slow", in: "", out: "", code: "import time\ntime.sleep(3600)")
            try await env.connection.addMatch(
                "type='signal',interface='org.freedesktop.DBus.Mock',member='MethodCalled'")
            let methodCalls = env.connection.signals(interface: "org.freedesktop.DBus.Mock", member: "MethodCalled")
            let changes = try await env.connection.nameOwnerChanges(of: "org.bluez")

            async let slow = env.bluez("/", "org.stayfit.Test", "Slow", timeout: TestDeadline.hang)
            // Once the mock reports the call, it is certainly pending on our side.
            _ = try await nextElement(of: methodCalls) { $0.arguments.first == .string("Slow") }

            env.bus.kill(signal: SIGKILL)

            try await waitForEnd(of: methodCalls)
            try await waitForEnd(of: changes)
            var pendingError: DBusError?
            do { _ = try await slow } catch let caught as DBusError { pendingError = caught }
            #expect(pendingError?.name == DBusError.Name.disconnected)
            #expect(!env.connection.isConnected)

            let later = await #expect(throws: DBusError.self) { try await env.connection.nameOwner(of: "org.bluez") }
            #expect(later?.name == DBusError.Name.disconnected)
            // A stream asked for after the loss is already finished.
            #expect(try await waitForEnd(of: env.connection.signals()) == 0)
        }
    }

    @Test func closingTheConnectionEndsStreamsAndRefusesLaterCalls() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let connection = try await DBusConnection(address: DBusAddress(bus.address))
        let signals = connection.signals()

        connection.close()

        try await waitForEnd(of: signals)
        #expect(!connection.isConnected)
        let error = await #expect(throws: DBusError.self) { try await connection.nameOwner(of: connection.uniqueName) }
        #expect(error?.name == DBusError.Name.disconnected)
        #expect(error?.message.contains("closed by its owner") == true)
    }

    @Test func droppingTheLastReferenceClosesTheConnection() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        var connection: DBusConnection? = try await DBusConnection(address: DBusAddress(bus.address))
        let signals = try #require(connection).signals()
        #expect(connection?.isConnected == true)

        connection = nil

        #expect(try await waitForEnd(of: signals) == 0)
    }
}
