import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Unix file descriptor carried by a D-Bus message (type `h`), closed when the last reference goes away.
///
/// A received descriptor is a duplicate made for this process (libdbus dups it on decoding), so the receiver owns
/// it. Either use it in place through ``rawValue`` while you hold this object, or ``take()`` it to become its
/// only owner (then you must `close` it yourself).
///
/// ```swift
/// let reply = try await connection.call(…, member: "AcquireNotify", signature: "a{sv}", arguments: [.dictionary([:])])
/// guard let fd = reply.first?.unixFD?.take(), let mtu = reply.last?.uint16 else { … }
/// ```
public final class DBusFileDescriptor: Sendable {
    private let descriptor: Mutex<Int32>

    /// Wraps a descriptor this object will own and close.
    init(owning descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    /// Duplicates `descriptor` so it can be sent; the caller keeps ownership of the original.
    ///
    /// - Throws: ``DBusError`` with name ``DBusError/Name/invalidArgs`` when `dup` fails (e.g. a closed descriptor).
    public convenience init(duplicating descriptor: Int32) throws(DBusError) {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else {
            throw DBusError.invalidArguments("Cannot duplicate file descriptor \(descriptor): errno \(errno)")
        }
        self.init(owning: copy)
    }

    deinit {
        close()
    }

    /// The descriptor, still owned by this object; nil after ``take()`` or ``close()``.
    public var rawValue: Int32? {
        descriptor.withLock { $0 >= 0 ? $0 : nil }
    }

    /// Hands the descriptor over to the caller, who must close it; nil if it was already taken or closed.
    public func take() -> Int32? {
        descriptor.withLock { fd in
            defer { fd = -1 }
            return fd >= 0 ? fd : nil
        }
    }

    /// Closes the descriptor now unless it was taken; later calls do nothing.
    public func close() {
        if let fd = take() {
            _ = systemClose(fd)
        }
    }
}

// `close` is also this class's method name, so the C function needs an unambiguous spelling.
private func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(fd)
    #else
        Darwin.close(fd)
    #endif
}
