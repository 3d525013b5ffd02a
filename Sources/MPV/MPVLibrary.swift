import CMPV
import Foundation
import SharedLibrary
import Synchronization

/// libmpv, opened at run time with `dlopen("libmpv.so.2")`, and the functions this wrapper calls.
///
/// Linking libmpv would map it, ffmpeg and their dependencies (about 44 MB resident) into every process, with audio
/// or without. Nothing opens it until a player is made, so a hub whose playing plugins are off never maps it. Once
/// opened it stays open for the life of the process (unloading ffmpeg is not safe while any of its threads run).
///
/// ```swift
/// let library = try MPVLibrary.shared()
/// let player = try MPVPlayer(library: library, options: MPVOptions.headless + [("ao", "null")])
/// ```
public final class MPVLibrary: Sendable {
    /// The file name `dlopen` looks for: libmpv's ABI 2, as Debian 12's libmpv2 ships it.
    public static let fileName = "libmpv.so.2"

    typealias Create = @convention(c) () -> OpaquePointer?
    typealias Handle = @convention(c) (OpaquePointer?) -> Void
    typealias Initialize = @convention(c) (OpaquePointer?) -> Int32
    typealias SetOptionString =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    typealias Command = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    typealias SetProperty =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, mpv_format, UnsafeMutableRawPointer?) -> Int32
    typealias GetPropertyString = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias WaitEvent = @convention(c) (OpaquePointer?, Double) -> UnsafeMutablePointer<mpv_event>?
    typealias ErrorString = @convention(c) (Int32) -> UnsafePointer<CChar>?
    typealias ObserveProperty = @convention(c) (OpaquePointer?, UInt64, UnsafePointer<CChar>?, mpv_format) -> Int32
    typealias RequestLogMessages = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32

    let create: Create
    let initialize: Initialize
    let terminateDestroy: Handle
    let wakeup: Handle
    let setOptionString: SetOptionString
    let command: Command
    let setProperty: SetProperty
    let getPropertyString: GetPropertyString
    let free: Free
    let waitEvent: WaitEvent
    let errorString: ErrorString
    let observeProperty: ObserveProperty
    let requestLogMessages: RequestLogMessages

    private static let opened = Mutex<MPVLibrary?>(nil)

    /// Opens libmpv on first use and returns the same table afterwards.
    ///
    /// - Throws: `MPVError` when libmpv.so.2 is not installed or lacks a function, with the package to install.
    public static func shared() throws(MPVError) -> MPVLibrary {
        let result: Result<MPVLibrary, MPVError> = opened.withLock { cached in
            if let cached { return .success(cached) }
            do throws(MPVError) {
                let library = try MPVLibrary(fileName: fileName)
                cached = library
                return .success(library)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Whether this process has libmpv mapped, judged from /proc/self/maps (the tests' and benchmarks' check).
    public static var isMappedInThisProcess: Bool {
        // /proc files report a size of 0: read them to the end rather than by their size.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return false }
        return String(decoding: data, as: UTF8.self).contains("libmpv.so")
    }

    private init(fileName: String) throws(MPVError) {
        let library: SharedLibrary
        do { library = try SharedLibrary.open(fileName) } catch { throw .libraryMissing(error.reason) }
        func load<T>(_ name: String, as type: T.Type) throws(MPVError) -> T {
            do { return try library.function(name, as: type) } catch { throw .libraryMissing(error.reason) }
        }
        create = try load("mpv_create", as: Create.self)
        initialize = try load("mpv_initialize", as: Initialize.self)
        terminateDestroy = try load("mpv_terminate_destroy", as: Handle.self)
        wakeup = try load("mpv_wakeup", as: Handle.self)
        setOptionString = try load("mpv_set_option_string", as: SetOptionString.self)
        command = try load("mpv_command", as: Command.self)
        setProperty = try load("mpv_set_property", as: SetProperty.self)
        getPropertyString = try load("mpv_get_property_string", as: GetPropertyString.self)
        free = try load("mpv_free", as: Free.self)
        waitEvent = try load("mpv_wait_event", as: WaitEvent.self)
        errorString = try load("mpv_error_string", as: ErrorString.self)
        observeProperty = try load("mpv_observe_property", as: ObserveProperty.self)
        requestLogMessages = try load("mpv_request_log_messages", as: RequestLogMessages.self)
    }

    /// libmpv's text for a negative error code.
    func message(for code: Int32) -> String {
        errorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
