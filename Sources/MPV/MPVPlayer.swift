import CMPV
import Foundation
import Synchronization

/// One libmpv player (`mpv_handle`), with one thread of its own that owns its events and, at the end, destroys it.
///
/// Commands and properties may be called from any task: libmpv's client API is thread-safe and these calls return
/// quickly. Only the owner thread calls `mpv_wait_event`, as libmpv requires; it sleeps inside libmpv until an event
/// or `shutdown()` wakes it (no polling), and copies each event out before the next wait frees it.
///
/// ```swift
/// let player = try MPVPlayer(library: .shared(), options: MPVOptions.headless + MPVOptions.device("alsa/default"))
/// try player.command("loadfile", "/music/track.ogg", "append-play")
/// for await event in player.events { if case .idle = event { break } }
/// player.shutdown()
/// ```
public final class MPVPlayer: @unchecked Sendable {
    // @unchecked: the handle is used from any thread (libmpv's client API is thread-safe); the Mutex keeps it from
    // being used after the owner thread destroyed it.
    private let library: MPVLibrary
    private let shared: SharedHandle

    /// Every event, in order; ends after the player is shut down (by `shutdown()` or a `quit` command).
    public let events: AsyncStream<MPVEvent>

    /// Creates, configures and starts a player.
    ///
    /// - Parameters:
    ///   - options: set in order before `mpv_initialize` (see `MPVOptions`).
    ///   - observing: properties whose changes arrive as `.propertyChanged` events, in string form.
    ///   - logLevel: the lowest level of libmpv's log lines delivered as `.log` events ("warn", "error", "no").
    /// - Throws: `MPVError` naming the option or call libmpv refused.
    public init(
        library: MPVLibrary, options: [(String, String)], observing: [String] = [], logLevel: String = "warn"
    ) throws(MPVError) {
        self.library = library
        // libmpv refuses to start unless numbers are formatted the C way (TECHREF §7).
        setlocale(LC_NUMERIC, "C")
        guard let raw = library.create() else { throw .createFailed }
        for (name, value) in options {
            let code = library.setOptionString(raw, name, value)
            guard code >= 0 else {
                library.terminateDestroy(raw)
                throw .library(code, message: library.message(for: code), context: "setting option \(name)=\(value)")
            }
        }
        let code = library.initialize(raw)
        guard code >= 0 else {
            library.terminateDestroy(raw)
            throw .library(code, message: library.message(for: code), context: "starting the player")
        }
        _ = library.requestLogMessages(raw, logLevel)
        for (index, name) in observing.enumerated() {
            _ = library.observeProperty(raw, UInt64(index), name, MPV_FORMAT_STRING)
        }
        let box = HandleBox(raw)
        let shared = SharedHandle(box)
        self.shared = shared
        let (stream, continuation) = AsyncStream.makeStream(of: MPVEvent.self)
        events = stream
        let thread = Thread { [library] in
            Self.ownEvents(of: box, library: library, shared: shared, continuation: continuation)
        }
        thread.name = "mpv events"
        thread.start()
    }

    deinit { shutdown() }

    /// Asks the owner thread to destroy the player; `events` ends once it is gone. Safe to call more than once.
    ///
    /// It returns at once: `mpv_terminate_destroy` waits for libmpv's threads, so the owner thread calls it.
    public func shutdown() {
        shared.stopRequested.store(true, ordering: .sequentiallyConsistent)
        shared.handle.withLock { box in
            if let box { library.wakeup(box.pointer) }
        }
    }

    // MARK: - Commands and properties

    /// Runs a command such as `loadfile <path> append-play`, `playlist-next`, `stop`.
    public func command(_ arguments: String...) throws(MPVError) {
        try command(arguments)
    }

    /// Runs a command given as an argument list.
    public func command(_ arguments: [String]) throws(MPVError) {
        let context = "running \(arguments.joined(separator: " "))"
        let copies = arguments.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var argv: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        let code = try withHandle(context) { pointer in
            argv.withUnsafeMutableBufferPointer { library.command(pointer, $0.baseAddress) }
        }
        guard code >= 0 else { throw .library(code, message: library.message(for: code), context: context) }
    }

    /// Sets a number property such as `volume`.
    public func set(_ name: String, _ value: Double) throws(MPVError) {
        var number = value
        let code = try withHandle("setting \(name)") { pointer in
            library.setProperty(pointer, name, MPV_FORMAT_DOUBLE, &number)
        }
        guard code >= 0 else {
            throw .library(code, message: library.message(for: code), context: "setting \(name) to \(value)")
        }
    }

    /// Sets a yes/no property such as `pause`.
    public func set(_ name: String, flag: Bool) throws(MPVError) {
        var value: Int32 = flag ? 1 : 0
        let code = try withHandle("setting \(name)") { pointer in
            library.setProperty(pointer, name, MPV_FORMAT_FLAG, &value)
        }
        guard code >= 0 else {
            throw .library(code, message: library.message(for: code), context: "setting \(name) to \(flag)")
        }
    }

    /// A property in string form (`media-title`, `metadata/by-key/artist`, `playlist/0/filename`), or nil when it
    /// is unavailable.
    public func string(_ name: String) -> String? {
        shared.handle.withLock { box -> String? in
            guard let box, let text = library.getPropertyString(box.pointer, name) else { return nil }
            defer { library.free(text) }
            return String(cString: text)
        }
    }

    /// The file of the playlist entry with this id (from `.startFile` or `.endFile`), if it is still listed.
    public func path(ofEntry entryID: Int64) -> String? {
        let count = string("playlist-count").flatMap { Int($0) } ?? 0
        for index in 0..<count where string("playlist/\(index)/id") == "\(entryID)" {
            return string("playlist/\(index)/filename")
        }
        return nil
    }

    private func withHandle(_ context: String, _ body: (OpaquePointer) -> Int32) throws(MPVError) -> Int32 {
        let result: Int32? = shared.handle.withLock { box in
            guard let box else { return nil }
            return body(box.pointer)
        }
        guard let result else { throw .closed(context) }
        return result
    }

    // MARK: - The owner thread

    private static func ownEvents(
        of box: HandleBox, library: MPVLibrary, shared: SharedHandle, continuation: AsyncStream<MPVEvent>.Continuation
    ) {
        let pointer = box.pointer
        while !shared.stopRequested.load(ordering: .sequentiallyConsistent) {
            // -1: sleep inside libmpv until an event or mpv_wakeup; nothing wakes this thread just to look at a flag.
            guard let event = library.waitEvent(pointer, -1)?.pointee else { continue }
            if event.event_id == MPV_EVENT_SHUTDOWN { break }
            if let copied = MPVEvent(event) { continuation.yield(copied) }
        }
        // Commands take the same lock, so none runs against the handle while or after it is destroyed.
        shared.handle.withLock { $0 = nil }
        library.terminateDestroy(pointer)
        continuation.finish()
    }
}

/// What the callers and the owner thread share: the handle (nil once destroyed) and the request to stop.
private final class SharedHandle: Sendable {
    let handle: Mutex<HandleBox?>
    let stopRequested = Atomic<Bool>(false)

    init(_ box: HandleBox) { handle = Mutex(box) }
}

/// The C handle, moved into the owner thread's closure.
private struct HandleBox: @unchecked Sendable {
    // @unchecked: an OpaquePointer is not Sendable, but libmpv allows its handle on any thread.
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

extension MPVEvent {
    /// Copies an event out of libmpv's memory; nil for kinds this wrapper does not pass on.
    fileprivate init?(_ event: mpv_event) {
        switch event.event_id {
        case MPV_EVENT_START_FILE:
            let data = event.data?.assumingMemoryBound(to: mpv_event_start_file.self).pointee
            self = .startFile(entryID: data?.playlist_entry_id ?? 0)
        case MPV_EVENT_FILE_LOADED:
            self = .fileLoaded
        case MPV_EVENT_END_FILE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee else { return nil }
            self = .endFile(
                MPVEndFile(
                    reason: MPVEndFile.Reason(rawValue: Int32(data.reason.rawValue)) ?? .error, error: data.error,
                    entryID: data.playlist_entry_id))
        case MPV_EVENT_AUDIO_RECONFIG:
            self = .audioReconfigured
        case MPV_EVENT_IDLE:
            self = .idle
        case MPV_EVENT_PROPERTY_CHANGE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_property.self).pointee,
                let name = data.name
            else { return nil }
            var value: String?
            if data.format == MPV_FORMAT_STRING,
                let text = data.data?.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee
            {
                value = String(cString: text)
            }
            self = .propertyChanged(name: String(cString: name), value: value)
        case MPV_EVENT_LOG_MESSAGE:
            guard let data = event.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee else {
                return nil
            }
            func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
            self = .log(
                level: text(data.level), prefix: text(data.prefix),
                text: text(data.text).trimmingCharacters(in: .newlines))
        default:
            return nil
        }
    }
}

extension MPVPlayer {
    /// libmpv's text for an error code such as `MPVEndFile.error`.
    public func errorMessage(_ code: Int32) -> String { library.message(for: code) }
}
