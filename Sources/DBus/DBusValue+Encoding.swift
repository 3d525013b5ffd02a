internal import CDBus

// Writing values into a libdbus message, driven by the signature. libdbus aborts the process on API misuse (an
// invalid object path, a bool other than 0/1, a value that does not fit the container's signature), so every
// value is checked against its type here and turned into a thrown DBusError instead.
extension DBusValue {
    /// Appends `values` to `message` as the types of `signature`, or as their inferred types when it is nil.
    static func append(_ values: [DBusValue], signature: String?, to message: OpaquePointer) throws(DBusError) {
        let types: [DBusType]
        if let signature {
            types = try DBusType.parse(signature)
        } else {
            types = try values.enumerated().map { (index, value) throws(DBusError) in
                guard let type = DBusType(inferredFrom: value) else {
                    throw DBusError.invalidArguments(
                        "Cannot infer the D-Bus type of argument \(index + 1) (\(value.brief)); pass a signature")
                }
                return type
            }
        }
        guard types.count == values.count else {
            throw DBusError.invalidArguments(
                "Signature '\(signature ?? "")' describes \(types.count) argument\(types.count == 1 ? "" : "s") but \(values.count) were given"
            )
        }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for (index, (value, type)) in zip(values, types).enumerated() {
            do {
                try value.append(as: type, to: &iter)
            } catch {
                throw DBusError.invalidArguments("Argument \(index + 1): \(error.message)")
            }
        }
    }

    private func append(as type: DBusType, to iter: inout DBusMessageIter) throws(DBusError) {
        switch (type, self) {
        case (.byte, .byte(let v)): try Self.appendBasic(CDBUS_TYPE_BYTE, v, &iter)
        // libdbus wants a 32-bit dbus_bool_t holding exactly 0 or 1.
        case (.bool, .bool(let v)): try Self.appendBasic(CDBUS_TYPE_BOOLEAN, dbus_bool_t(v ? 1 : 0), &iter)
        case (.int16, .int16(let v)): try Self.appendBasic(CDBUS_TYPE_INT16, v, &iter)
        case (.uint16, .uint16(let v)): try Self.appendBasic(CDBUS_TYPE_UINT16, v, &iter)
        case (.int32, .int32(let v)): try Self.appendBasic(CDBUS_TYPE_INT32, v, &iter)
        case (.uint32, .uint32(let v)): try Self.appendBasic(CDBUS_TYPE_UINT32, v, &iter)
        case (.int64, .int64(let v)): try Self.appendBasic(CDBUS_TYPE_INT64, v, &iter)
        case (.uint64, .uint64(let v)): try Self.appendBasic(CDBUS_TYPE_UINT64, v, &iter)
        case (.double, .double(let v)): try Self.appendBasic(CDBUS_TYPE_DOUBLE, v, &iter)
        case (.string, .string(let v)): try Self.appendString(CDBUS_TYPE_STRING, v, &iter)
        case (.objectPath, .objectPath(let v)):
            try DBusNames.validatePath(v)
            try Self.appendString(CDBUS_TYPE_OBJECT_PATH, v, &iter)
        case (.signature, .signature(let v)):
            _ = try DBusType.parse(v)
            try Self.appendString(CDBUS_TYPE_SIGNATURE, v, &iter)
        case (.unixFD, .unixFD(let fd)):
            // libdbus dups the descriptor into the message; this value keeps its own.
            guard let raw = fd.rawValue else {
                throw DBusError.invalidArguments("The file descriptor was already taken or closed")
            }
            try Self.appendBasic(CDBUS_TYPE_UNIX_FD, raw, &iter)
        case (.variant, .variant(let content)):
            try content.appendAsVariant(to: &iter)
        case (.variant, _):
            try appendAsVariant(to: &iter)
        case (.array(.byte), .array(let elements)):
            try appendBytes(elements, to: &iter)
        case (.array(let elementType), .array(let elements)):
            try Self.withContainer(CDBUS_TYPE_ARRAY, elementType.signature, &iter) { (sub) throws(DBusError) in
                for element in elements { try element.append(as: elementType, to: &sub) }
            }
        case (.dictionary(let keyType, let valueType), .dictionary(let entries)):
            let entrySignature = "{" + keyType.signature + valueType.signature + "}"
            try Self.withContainer(CDBUS_TYPE_ARRAY, entrySignature, &iter) { (sub) throws(DBusError) in
                for entry in entries {
                    try Self.withContainer(CDBUS_TYPE_DICT_ENTRY, nil, &sub) { (pair) throws(DBusError) in
                        try entry.key.append(as: keyType, to: &pair)
                        try entry.value.append(as: valueType, to: &pair)
                    }
                }
            }
        case (.structure(let fieldTypes), .structure(let fields)) where fieldTypes.count == fields.count:
            try Self.withContainer(CDBUS_TYPE_STRUCT, nil, &iter) { (sub) throws(DBusError) in
                for (field, fieldType) in zip(fields, fieldTypes) { try field.append(as: fieldType, to: &sub) }
            }
        default:
            throw DBusError.invalidArguments("Expected a value of type '\(type.signature)', got \(brief)")
        }
    }

    private func appendAsVariant(to iter: inout DBusMessageIter) throws(DBusError) {
        guard let contentType = DBusType(inferredFrom: self) else {
            throw DBusError.invalidArguments(
                "Cannot tell the type of \(brief) inside a variant (empty or mixed array or dictionary); leave it out or give it elements"
            )
        }
        try Self.withContainer(CDBUS_TYPE_VARIANT, contentType.signature, &iter) { (sub) throws(DBusError) in
            try append(as: contentType, to: &sub)
        }
    }

    private func appendBytes(_ elements: [DBusValue], to iter: inout DBusMessageIter) throws(DBusError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(elements.count)
        for element in elements {
            guard case .byte(let b) = element else {
                throw DBusError.invalidArguments("Expected bytes in an 'ay', got \(element.brief)")
            }
            bytes.append(b)
        }
        try Self.withContainer(CDBUS_TYPE_ARRAY, "y", &iter) { (sub) throws(DBusError) in
            guard !bytes.isEmpty else { return }
            let appended = bytes.withUnsafeBufferPointer { buffer in
                var base = buffer.baseAddress
                return dbus_message_iter_append_fixed_array(&sub, CDBUS_TYPE_BYTE, &base, Int32(buffer.count))
            }
            guard appended != 0 else { throw DBusError.noMemory(context: "appending a byte array") }
        }
    }

    // MARK: - libdbus calls

    private static func appendBasic<T: BitwiseCopyable>(
        _ code: Int32, _ value: T, _ iter: inout DBusMessageIter
    ) throws(DBusError) {
        let appended = withUnsafePointer(to: value) { dbus_message_iter_append_basic(&iter, code, $0) }
        guard appended != 0 else {
            throw DBusError.noMemory(context: "appending a value")
        }
    }

    private static func appendString(_ code: Int32, _ string: String, _ iter: inout DBusMessageIter) throws(DBusError) {
        try DBusNames.rejectNUL(string)
        let appended = string.withCString { cString in
            var pointer: UnsafePointer<CChar>? = cString
            return dbus_message_iter_append_basic(&iter, code, &pointer)
        }
        guard appended != 0 else { throw DBusError.noMemory(context: "appending a string") }
    }

    /// Opens a container, fills it with `body` and closes it, or abandons it when `body` throws.
    private static func withContainer(
        _ code: Int32, _ signature: String?, _ iter: inout DBusMessageIter,
        _ body: (inout DBusMessageIter) throws(DBusError) -> Void
    ) throws(DBusError) {
        var sub = DBusMessageIter()
        let opened =
            if let signature {
                signature.withCString { dbus_message_iter_open_container(&iter, code, $0, &sub) }
            } else {
                dbus_message_iter_open_container(&iter, code, nil, &sub)
            }
        guard opened != 0 else { throw DBusError.noMemory(context: "opening a container") }
        do {
            try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iter, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iter, &sub) != 0 else {
            throw DBusError.noMemory(context: "closing a container")
        }
    }

    /// A short description for error messages.
    var brief: String {
        let text = description
        return text.count > 80 ? String(text.prefix(77)) + "…" : text
    }
}
