internal import CDBus

// Reading values out of a libdbus message with DBusMessageIter. Runs on the dispatch thread, while the message
// is alive: strings are copied out at once because libdbus only lends them for the message's lifetime.
extension DBusValue {
    /// Decodes every argument of `message`, in order.
    static func decodeArguments(of message: OpaquePointer) throws(DBusError) -> [DBusValue] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(try decode(&iter))
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    /// Decodes the value at the iterator's current position without advancing it.
    private static func decode(_ iter: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        switch dbus_message_iter_get_arg_type(&iter) {
        case CDBUS_TYPE_BYTE: return .byte(basic(&iter, as: UInt8.self))
        // dbus_bool_t is 32 bits wide: reading it into a 1-byte Bool would corrupt memory.
        case CDBUS_TYPE_BOOLEAN: return .bool(basic(&iter, as: dbus_bool_t.self) != 0)
        case CDBUS_TYPE_INT16: return .int16(basic(&iter, as: Int16.self))
        case CDBUS_TYPE_UINT16: return .uint16(basic(&iter, as: UInt16.self))
        case CDBUS_TYPE_INT32: return .int32(basic(&iter, as: Int32.self))
        case CDBUS_TYPE_UINT32: return .uint32(basic(&iter, as: UInt32.self))
        case CDBUS_TYPE_INT64: return .int64(basic(&iter, as: Int64.self))
        case CDBUS_TYPE_UINT64: return .uint64(basic(&iter, as: UInt64.self))
        case CDBUS_TYPE_DOUBLE: return .double(basic(&iter, as: Double.self))
        case CDBUS_TYPE_STRING: return .string(string(&iter))
        case CDBUS_TYPE_OBJECT_PATH: return .objectPath(string(&iter))
        case CDBUS_TYPE_SIGNATURE: return .signature(string(&iter))
        case CDBUS_TYPE_UNIX_FD:
            // get_basic hands out a fresh dup of the descriptor, which from here on belongs to the value.
            let fd = basic(&iter, as: Int32.self)
            guard fd >= 0 else {
                throw DBusError(
                    name: DBusError.Name.failed, message: "libdbus could not duplicate a received file descriptor")
            }
            return .unixFD(DBusFileDescriptor(owning: fd))
        case CDBUS_TYPE_VARIANT:
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &inner)
            return .variant(try decode(&inner))
        case CDBUS_TYPE_STRUCT:
            var fields = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &fields)
            return .structure(try decodeSequence(&fields))
        case CDBUS_TYPE_ARRAY:
            return try decodeArray(&iter)
        case let code:
            throw DBusError(
                name: DBusError.Name.invalidSignature,
                message: "Unsupported D-Bus type code \(code) in a received message")
        }
    }

    private static func decodeArray(_ iter: inout DBusMessageIter) throws(DBusError) -> DBusValue {
        let elementType = dbus_message_iter_get_element_type(&iter)
        var elements = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &elements)
        switch elementType {
        case CDBUS_TYPE_BYTE:
            var pointer: UnsafePointer<UInt8>? = nil
            var count: Int32 = 0
            dbus_message_iter_get_fixed_array(&elements, &pointer, &count)
            return .array(UnsafeBufferPointer(start: pointer, count: Int(max(count, 0))).map(DBusValue.byte))
        case CDBUS_TYPE_DICT_ENTRY:
            var entries: [(key: DBusValue, value: DBusValue)] = []
            while dbus_message_iter_get_arg_type(&elements) == CDBUS_TYPE_DICT_ENTRY {
                var entry = DBusMessageIter()
                dbus_message_iter_recurse(&elements, &entry)
                let key = try decode(&entry)
                dbus_message_iter_next(&entry)
                entries.append((key: key, value: try decode(&entry)))
                dbus_message_iter_next(&elements)
            }
            return .dictionary(entries)
        default:
            return .array(try decodeSequence(&elements))
        }
    }

    /// Decodes values from the iterator's position to the end of its container.
    private static func decodeSequence(_ iter: inout DBusMessageIter) throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&iter) != CDBUS_TYPE_INVALID {
            values.append(try decode(&iter))
            dbus_message_iter_next(&iter)
        }
        return values
    }

    private static func basic<T: BinaryInteger & BitwiseCopyable>(_ iter: inout DBusMessageIter, as type: T.Type) -> T {
        var value: T = 0
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iter, $0) }
        return value
    }

    private static func basic(_ iter: inout DBusMessageIter, as type: Double.Type) -> Double {
        var value = 0.0
        dbus_message_iter_get_basic(&iter, &value)
        return value
    }

    private static func string(_ iter: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(&iter, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }
}
