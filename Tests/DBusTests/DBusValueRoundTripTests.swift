import BlueZTestKit
import DBus
import Testing

/// Values encoded by the wrapper, echoed by a Python peer, and decoded again must come back unchanged.
@Suite struct DBusValueRoundTripTests {
    struct EchoCase: Sendable, CustomTestStringConvertible {
        var signature: String
        var values: [DBusValue]
        var testDescription: String { signature }
    }

    static let cases: [EchoCase] = [
        EchoCase(
            signature: "a{oa{sa{sv}}}",
            values: [
                .dictionary([
                    (
                        key: .objectPath("/org/bluez/hci0"),
                        value: .dictionary([
                            "org.bluez.Adapter1": .dictionary([
                                "Address": .variant(.string("00:01:02:03:04:05")),
                                "Powered": .variant(.bool(true)),
                                "Class": .variant(.uint32(0x1c010c)),
                            ])
                        ])
                    ),
                    (key: .objectPath("/org/bluez"), value: .dictionary([:])),
                ])
            ]),
        EchoCase(
            signature: "a{sv}",
            values: [
                .dictionary([
                    "byte": .variant(.byte(0xff)), "int16": .variant(.int16(-79)), "uint16": .variant(.uint16(65535)),
                    "int32": .variant(.int32(Int32.min)), "uint32": .variant(.uint32(UInt32.max)),
                    "int64": .variant(.int64(Int64.min)), "uint64": .variant(.uint64(UInt64.max)),
                    "double": .variant(.double(-0.5)), "string": .variant(.string("Grüße ❤️")),
                    "path": .variant(.objectPath("/a/b_c")), "signature": .variant(.signature("a{sv}")),
                    "bytes": .variant(.bytes([0, 1, 0xfe])), "uuids": .variant(.strings(["180d", "180f"])),
                    "nested": .variant(.dictionary(["inner": .variant(.bool(false))])),
                ])
            ]),
        EchoCase(
            signature: "(ybnqiuxtd)",
            values: [
                .structure([
                    .byte(7), .bool(true), .int16(Int16.min), .uint16(1), .int32(-1), .uint32(2),
                    .int64(Int64.max), .uint64(3), .double(1e300),
                ])
            ]),
        EchoCase(signature: "ay", values: [.bytes([0x16, 0x48, 0x55, 0x03])]),
        EchoCase(signature: "ay", values: [.bytes([])]),
        EchoCase(signature: "as", values: [.array([])]),
        EchoCase(
            signature: "a{qv}", values: [.dictionary([(key: .uint16(0x004c), value: .variant(.bytes([1, 2, 3])))])]),
        EchoCase(signature: "a(so)", values: [.array([.structure([.string("hr"), .objectPath("/x")])])]),
        EchoCase(
            signature: "sa{sv}as",
            values: [
                .string("org.bluez.GattCharacteristic1"), .dictionary(["Value": .variant(.bytes([0x00, 0x5a]))]),
                .strings([]),
            ]),
    ]

    @Test(arguments: cases)
    func valuesSurviveAnEchoThroughAPythonPeer(_ echo: EchoCase) async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Echo", in: echo.signature, out: echo.signature,
                code: "ret = args[0] if len(args) == 1 else tuple(args)")
            let reply = try await env.bluez("/", "org.stayfit.Test", "Echo", signature: echo.signature, echo.values)
            #expect(reply == echo.values)
        }
    }

    @Test func variantsAreAddedWhereTheSignatureAsksForThem() async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Echo", in: "a{sv}", out: "a{sv}", code: "ret = args[0]")
            let reply = try await env.bluez(
                "/", "org.stayfit.Test", "Echo", signature: "a{sv}", [.dictionary(["Transport": .string("le")])])
            #expect(reply == [.dictionary(["Transport": .variant(.string("le"))])])
        }
    }

    @Test func signatureIsInferredFromNonEmptyValues() async throws {
        try await withBlueZMock { env in
            try await env.addMockMethod(
                interface: "org.stayfit.Test", name: "Echo", in: "sa{sv}", out: "sa{sv}", code: "ret = tuple(args)")
            let values: [DBusValue] = [.string("x"), .dictionary(["k": .variant(.int32(1))])]
            let reply = try await env.connection.call(
                destination: "org.bluez", path: "/", interface: "org.stayfit.Test", member: "Echo", arguments: values)
            #expect(reply == values)
        }
    }
}
