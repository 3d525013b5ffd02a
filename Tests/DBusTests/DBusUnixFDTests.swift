import BlueZTestKit
import DBus
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Unix file descriptors in replies, as AcquireNotify returns them (`(hq)`).
@Suite struct DBusUnixFDTests {
    // A socketpair: one end goes to the caller, the other stays in a Python global for WritePeer.
    static let acquire = """
        import socket
        global FD_PEER
        mine, FD_PEER = socket.socketpair()
        ret = (dbus.types.UnixFd(mine), dbus.UInt16(23))
        mine.close()
        """

    @Test func descriptorFromAReplyIsReadableAfterThePeerWrites() async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "AcquireNotify", in: "a{sv}", out: "hq", code: Self.acquire)
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "WritePeer", in: "ay", out: "",
                code: "FD_PEER.sendall(bytes(args[0]))")

            let reply = try await env.bluez(
                "/", "org.stayfit.Test", "AcquireNotify", signature: "a{sv}", [.dictionary([:])])
            #expect(reply.count == 2)
            #expect(reply.last == .uint16(23))
            let descriptor = try #require(reply.first?.unixFD)
            let fd = try #require(descriptor.take())
            defer { close(fd) }
            #expect(descriptor.rawValue == nil)

            let payload: [UInt8] = [0x16, 0x48, 0x55, 0x03]
            try await env.bluez("/", "org.stayfit.Test", "WritePeer", signature: "ay", [.bytes(payload)])

            var pollDescriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            #expect(poll(&pollDescriptor, 1, 5_000) == 1)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(fd, &buffer, buffer.count)
            #expect(Array(buffer.prefix(max(count, 0))) == payload)
        }
    }
}
