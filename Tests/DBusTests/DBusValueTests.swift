import Testing

@testable import DBus

#if canImport(Glibc)
    import Glibc
#endif

/// The pure-Swift parts: accessors, equality, text forms, signatures, errors.
@Suite struct DBusValueTests {
    @Test func accessorsLookThroughVariantsAndRefuseOtherTypes() {
        let value = DBusValue.variant(.variant(.string("le")))
        #expect(value.string == "le")
        #expect(value.objectPath == nil)
        #expect(value.int32 == nil)
        #expect(DBusValue.variant(.bytes([1, 2])).bytes == [1, 2])
        #expect(DBusValue.array([.byte(1), .int16(2)]).bytes == nil)
        #expect(DBusValue.array([.objectPath("/a"), .string("b")]).strings == ["/a", "b"])
        #expect(DBusValue.variant(.int16(-79)).int16 == -79)
    }

    @Test func dictionaryAccessorNeedsStringLikeKeysWhileEntriesTakeAny() {
        let manufacturerData = DBusValue.dictionary([(key: .uint16(0x004c), value: .variant(.bytes([1])))])
        #expect(manufacturerData.dictionary == nil)
        #expect(manufacturerData.entries?.first?.key.uint16 == 0x004c)
        let objects = DBusValue.dictionary([(key: .objectPath("/org/bluez"), value: .dictionary([:]))])
        #expect(objects.dictionary?.keys.sorted() == ["/org/bluez"])
    }

    @Test func equalityIsByTypeAndOrderedContents() {
        #expect(DBusValue.int32(1) != .uint32(1))
        #expect(DBusValue.string("/a") != .objectPath("/a"))
        #expect(
            DBusValue.dictionary(["a": .bool(true), "b": .bool(false)])
                == .dictionary(["b": .bool(false), "a": .bool(true)]))
        #expect(
            DBusValue.dictionary([(key: .string("a"), value: .byte(1)), (key: .string("b"), value: .byte(2))])
                != .dictionary([(key: .string("b"), value: .byte(2)), (key: .string("a"), value: .byte(1))]))
    }

    @Test func descriptionReadsLikeGVariantText() {
        let value = DBusValue.dictionary(["Powered": .variant(.bool(true)), "Path": .variant(.objectPath("/x"))])
        #expect(value.description == "{'Path': <objectpath '/x'>, 'Powered': <true>}")
        #expect(
            DBusValue.structure([.unixFD(DBusFileDescriptor(owning: -1)), .uint16(23)]).description
                == "(handle closed, uint16 23)")
    }

    @Test(arguments: ["a{oa{sa{sv}}}", "(hq)", "sa{sv}as", "aay", "a(so)", "v", ""])
    func signaturesParseAndPrintBack(_ signature: String) throws {
        let types = try DBusType.parse(signature)
        #expect(types.map(\.signature).joined() == signature)
    }

    @Test(arguments: ["a{vs}", "a", "(", "{sv}", "z", "a{s}"])
    func invalidSignaturesAreRejected(_ signature: String) {
        #expect(throws: DBusError.self) { try DBusType.parse(signature) }
    }

    @Test func typesAreInferredOnlyWhenTheValueShowsThem() {
        #expect(DBusType(inferredFrom: .strings(["a"])) == .array(.string))
        #expect(DBusType(inferredFrom: .array([])) == nil)
        #expect(DBusType(inferredFrom: .array([.string("a"), .int32(1)])) == nil)
        #expect(
            DBusType(inferredFrom: .dictionary(["k": .variant(.bool(true))]))
                == .dictionary(key: .string, value: .variant))
    }

    @Test func errorDescriptionSaysWhatWhereAndWhatToDo() {
        let error = DBusError(
            name: DBusError.Name.serviceUnknown, message: "The name org.bluez was not provided by any .service files",
            context: "calling org.bluez.Adapter1.StartDiscovery on /org/bluez/hci0 at org.bluez")
        #expect(error.description.hasPrefix("org.freedesktop.DBus.Error.ServiceUnknown: The name org.bluez"))
        #expect(error.description.contains("while calling org.bluez.Adapter1.StartDiscovery"))
        #expect(error.description.contains("systemctl start bluetooth"))
        #expect(
            DBusError(name: "org.bluez.Error.Failed", message: "le-connection-abort-by-local").description
                == "org.bluez.Error.Failed: le-connection-abort-by-local")
    }

    @Test func nameOwnerChangeTreatsEmptyOwnersAsNone() {
        let change = DBusNameOwnerChange(name: "org.bluez", oldOwner: ":1.4", newOwner: "")
        #expect(change.newOwner == nil)
        #expect(!change.isOwned)
        #expect(change.description == "org.bluez: :1.4 → (none)")
    }

    @Test func fileDescriptorIsOwnedUntilTakenAndDuplicationFailsForBadDescriptors() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let descriptor = try DBusFileDescriptor(duplicating: fds[0])
        let raw = try #require(descriptor.rawValue)
        #expect(raw != fds[0])
        #expect(descriptor.take() == raw)
        #expect(descriptor.take() == nil)
        #expect(fcntl(raw, F_GETFD) >= 0)  // taken, so not closed by the object
        close(raw)
        #expect(throws: DBusError.self) { _ = try DBusFileDescriptor(duplicating: -1) }
    }
}
