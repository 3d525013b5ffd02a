import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when files in one directory are written, created or moved in (see ``Events``), through inotify, without
/// polling.
///
/// The events arrive in batches on ``batches`` (one `read()` each); a ``FileDescriptorReader`` waits for them
/// on a thread that sleeps in `poll()`. The stream ends after ``stop()`` or when its consumer goes away. If
/// the directory is deleted, moved or unmounted, the watch ends with an `IN_IGNORED` event (the stream stays
/// open, silent): the consumer decides what to do then.
public final class DirectoryWatch: Sendable {
    /// Which events of a directory's files wake the watch; the directory itself going away always does, and
    /// `IN_Q_OVERFLOW` and `IN_IGNORED` come without asking.
    public enum Events: Sendable {
        /// A file written (`IN_MODIFY`), closed after writing (`IN_CLOSE_WRITE`, e.g. when a writing process
        /// exits), created (`IN_CREATE`) or moved in (`IN_MOVED_TO`).
        case written
        /// A file created, moved in, or its permissions changed (`IN_ATTRIB`: udev gives a new device node its
        /// group after creating it); not writes, which in a folder of device nodes are only noise (a log written
        /// beside them would wake the watch every line).
        case appeared
        /// A file closed after writing, created or moved in; not each write while it is open (a database this
        /// process keeps open and writes every second would otherwise wake the watch every second).
        case closedAfterWriting

        var mask: UInt32 {
            let files =
                switch self {
                case .written: IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO
                case .appeared: IN_CREATE | IN_MOVED_TO | IN_ATTRIB
                case .closedAfterWriting: IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO
                }
            return UInt32(files | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)
        }
    }

    /// Why a directory cannot be watched.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let reader: FileDescriptorReader

    /// Starts watching `directory`.
    ///
    /// - Throws: ``Failure`` when inotify is unavailable (`EMFILE`: the per-user limit of inotify instances,
    ///   `fs.inotify.max_user_instances`) or the directory cannot be watched (missing, no permission,
    ///   `fs.inotify.max_user_watches` reached).
    public init(directory: String, events: Events = .written, threadName: String) throws {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "cannot start inotify: \(String(cString: strerror(errno)))")
        }
        guard inotify_add_watch(descriptor, directory, events.mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot watch \(directory) with inotify: \(reason)")
        }
        // Big enough for many events at once; a read needs room for at least one with the longest name.
        let batchSize = max(4096, InotifyEvent.headerSize + Int(NAME_MAX) + 1)
        reader = FileDescriptorReader(
            descriptor: descriptor, framing: .packets(maximumSize: batchSize), ownership: .owned, bufferLimit: 64,
            name: threadName)
    }

    /// The events, one batch per `read()`; see ``InotifyEvent/parse(_:)``. Iterate it once.
    public var batches: AsyncStream<[UInt8]> { reader.records }

    /// Ends ``batches`` and closes the inotify descriptor.
    public func stop() { reader.stop() }

    /// Batches lost because the consumer fell more than 64 reads behind.
    public var droppedBatches: Int { reader.droppedRecords }
}
