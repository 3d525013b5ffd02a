import BlueZTestKit
import DBus
import Testing

/// Method calls against python-dbusmock's BlueZ template on a private bus.
@Suite struct DBusMethodCallTests {
    @Test func addAdapterReturnsTheAdapterObjectPath() async throws {
        try await withBlueZMock { env in
            let reply = try await env.bluez(
                "/", "org.bluez.Mock", "AddAdapter", signature: "ss", [.string("hci0"), .string("StayFit Hub")])
            #expect(reply == [.string("/org/bluez/hci0")])
        }
    }

    @Test func getManagedObjectsDecodesNestedDictionariesWithTheAdapterProperties() async throws {
        try await withBlueZMock { env in
            let adapter = try await env.addAdapter()
            let reply = try await env.bluez("/", "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")

            // Raw a{oa{sa{sv}}}: object paths as keys, variants as leaves.
            let objects = try #require(reply.first?.entries)
            let adapterEntry = try #require(objects.first { $0.key == .objectPath(adapter) })
            let properties = try #require(adapterEntry.value.dictionary?["org.bluez.Adapter1"]?.dictionary)
            #expect(properties["Address"] == .variant(.string("00:01:02:03:04:05")))
            #expect(properties["Powered"]?.bool == true)
            #expect(properties["Name"]?.string == "StayFit Hub")

            // The same tree through the convenience, unwrapped.
            let tree = try await env.connection.managedObjects(destination: "org.bluez")
            #expect(tree[adapter]?["org.bluez.Adapter1"]?["Address"] == .string("00:01:02:03:04:05"))
        }
    }

    @Test func unknownMethodComesBackAsDBusErrorWithItsName() async throws {
        try await withBlueZMock { env in
            let adapter = try await env.addAdapter()
            let error = await #expect(throws: DBusError.self) {
                try await env.bluez(adapter, "org.bluez.Adapter1", "SelfDestruct")
            }
            #expect(error?.name == DBusError.Name.unknownMethod)
            #expect(error?.context?.contains("org.bluez.Adapter1.SelfDestruct") == true)
        }
    }

    @Test func missingServiceComesBackAsServiceUnknownWithAHint() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let connection = try await DBusConnection(address: DBusAddress(bus.address))
        defer { connection.close() }

        let error = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: "org.bluez", path: "/", interface: "org.bluez.Mock", member: "AddAdapter")
        }
        #expect(error?.name == DBusError.Name.serviceUnknown)
        #expect(error?.description.contains("start it") == true)
    }

    @Test func serviceErrorsKeepTheirOwnName() async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Refuse", in: "", out: "",
                code: "raise dbus.exceptions.DBusException('Write not permitted', name='org.bluez.Error.NotPermitted')")
            let error = await #expect(throws: DBusError.self) { try await env.bluez("/", "org.stayfit.Test", "Refuse") }
            #expect(error?.name == "org.bluez.Error.NotPermitted")
            #expect(error?.message == "Write not permitted")
        }
    }

    @Test func callPastItsTimeoutFailsWithNoReplyWhileOtherCallsGoOn() async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Slow", in: "", out: "", code: "import time\ntime.sleep(3600)")
            let clock = ContinuousClock()
            let start = clock.now
            async let slow: (error: DBusError?, at: ContinuousClock.Instant) = {
                do {
                    _ = try await env.bluez("/", "org.stayfit.Test", "Slow", timeout: .seconds(2))
                    return (nil, clock.now)
                } catch let error as DBusError {
                    return (error, clock.now)
                }
            }()

            // While the slow call waits, the bus answers other calls on the same connection: the answer comes
            // before the slow call gives up, which a connection blocked on that call could not do. (An order, not
            // a "within 1 s": a parallel suite on two cores can take that long just to schedule this task.)
            #expect(try await env.connection.nameOwner(of: "org.bluez") != nil)
            let answeredAt = clock.now

            let (error, failedAt) = try await slow
            // No Reply (the mock never answers), and not before the 2 s the call was given.
            #expect(error?.name == DBusError.Name.noReply)
            #expect(failedAt - start >= .seconds(2))
            #expect(answeredAt < failedAt)
        }
    }

    @Test func cancellingTheAwaitingTaskFailsTheCallAtOnce() async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Slow", in: "", out: "", code: "import time\ntime.sleep(3600)")
            try await env.connection.addMatch(
                "type='signal',interface='org.freedesktop.DBus.Mock',member='MethodCalled'")
            let methodCalls = env.connection.signals(interface: "org.freedesktop.DBus.Mock", member: "MethodCalled")
            let error = try await withThrowingTaskGroup(of: DBusError?.self) { group in
                group.addTask {
                    do {
                        try await env.bluez("/", "org.stayfit.Test", "Slow")
                        return nil
                    } catch let error as DBusError {
                        return error
                    }
                }
                // Cancel only once the peer is working on the call, so it is certainly pending here.
                _ = try await nextElement(of: methodCalls) { $0.arguments.first == .string("Slow") }
                group.cancelAll()
                return try await group.next() ?? nil
            }
            // The peer works on for an hour, past libdbus's own 25 s timeout: a call that waited for an answer
            // would end with the peer's reply or No Reply. Only a call failed by the cancel itself says Cancelled,
            // and without a clock in the test.
            #expect(error?.name == DBusError.Name.cancelled)
        }
    }

    @Test func invalidNamesAndMismatchedValuesAreRejectedBeforeReachingLibdbus() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let connection = try await DBusConnection(address: DBusAddress(bus.address))
        defer { connection.close() }
        let driver = (
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus"
        )

        // Each of these would make libdbus abort the process if it were passed through.
        let badPath = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: driver.destination, path: "not/a/path", interface: driver.interface, member: "GetId")
        }
        #expect(badPath?.name == DBusError.Name.invalidArgs)
        let badObjectPathValue = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: driver.destination, path: driver.path, interface: driver.interface, member: "GetNameOwner",
                signature: "o", arguments: [.objectPath("/trailing/")])
        }
        #expect(badObjectPathValue?.name == DBusError.Name.invalidArgs)
        let mismatch = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: driver.destination, path: driver.path, interface: driver.interface, member: "GetNameOwner",
                signature: "s", arguments: [.int32(5)])
        }
        #expect(mismatch?.message.contains("Expected a value of type 's'") == true)
        let badSignature = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: driver.destination, path: driver.path, interface: driver.interface, member: "GetNameOwner",
                signature: "a{vs}", arguments: [.dictionary([:])])
        }
        #expect(badSignature?.name == DBusError.Name.invalidSignature)
        let nul = await #expect(throws: DBusError.self) {
            try await connection.call(
                destination: driver.destination, path: driver.path, interface: driver.interface, member: "GetNameOwner",
                signature: "s", arguments: [.string("org.bluez\u{0}evil")])
        }
        #expect(nul?.message.contains("NUL") == true)

        // The connection is still usable afterwards.
        #expect(try await connection.nameOwner(of: connection.uniqueName) == connection.uniqueName)
    }
}
