import Foundation

/// A shared library opened at run time with `dlopen`, for the wrappers whose library is too large to link into
/// every hub (libmpv with ffmpeg, libespeak-ng with PulseAudio): a hub maps them only when a plugin needs them.
///
/// Once loaded, a library stays for the life of the process: unloading one whose threads may still run is not safe.
///
/// ```swift
/// let library = try SharedLibrary.open("libmpv.so.2")
/// let create = try library.function("mpv_create", as: (@convention(c) () -> OpaquePointer?).self)
/// ```
public struct SharedLibrary: @unchecked Sendable {
    // @unchecked: the handle is only passed to dlsym, which is thread-safe, and is never closed.
    private let handle: UnsafeMutableRawPointer
    /// The file name it was opened by, such as "libmpv.so.2".
    public let fileName: String

    /// Opens `fileName` and every library it needs, resolving all their symbols now (`RTLD_NOW`: a missing symbol
    /// fails here, once, rather than in the middle of playing).
    ///
    /// - Throws: `SharedLibraryError` with the dynamic linker's reason (not installed, a missing dependency).
    public static func open(_ fileName: String) throws(SharedLibraryError) -> SharedLibrary {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            throw SharedLibraryError(
                fileName: fileName, reason: dlerror().map { String(cString: $0) } ?? "unknown reason")
        }
        return SharedLibrary(handle: handle, fileName: fileName)
    }

    /// The function `name`, as the C function type `type`.
    ///
    /// - Throws: `SharedLibraryError` when the library has no such symbol (an older or newer ABI).
    public func function<T>(_ name: String, as type: T.Type) throws(SharedLibraryError) -> T {
        guard let address = dlsym(handle, name) else {
            throw SharedLibraryError(fileName: fileName, reason: "\(fileName) has no \(name)")
        }
        return unsafeBitCast(address, to: type)
    }
}

/// A library that could not be opened, or lacks a function.
public struct SharedLibraryError: Error, CustomStringConvertible {
    public let fileName: String
    /// The dynamic linker's words, such as "libmpv.so.2: cannot open shared object file: No such file or directory".
    public let reason: String

    public var description: String { reason }
}
