import Foundation
import GRDB
import Synchronization
import Threading

/// The hub's one SQLite database: profile, goals, workouts and their per-second samples.
///
/// Opened in WAL mode so that the running hub and the `stayfit` CLI can read and write the same file at
/// once. Every other module of the hub talks to SQLite through this type. GRDB is imported only here and by what
/// tests or measures the store from outside: HubTestKit's `DatabaseWriteLock` (another process's write lock),
/// `HubStoreTests` and the heart-rate log benchmark.
///
/// ```swift
/// let store = try HubStore(directory: DataDirectory.resolve(explicit: nil).url)
/// let profile = try store.profile()
/// ```
public final class HubStore: Sendable {
    /// The file name of the database inside the data directory.
    public static let fileName = "stayfit.sqlite"
    /// The file beside it that a process other than the hub writes (empty) after each of its writes.
    ///
    /// The hub's store watcher waits for this file with inotify instead of for the database's own files: those the
    /// hub writes itself every second of a workout, and inotify cannot tell who wrote. So the hub's own writes
    /// never wake it, and a change made with the CLI still reaches it at once.
    public static let changeMarkerName = "stayfit.sqlite-changed"

    /// Where the database lives.
    public let path: String
    let pool: DatabasePool
    /// The change marker to write after each write, or nil for the hub's own store.
    private let changeMarker: String?
    /// The thread of ``onWriterThread(_:)`` while it runs.
    private let writerThread = Mutex<DedicatedThread?>(nil)
    /// The workout's seconds' own connection (``recordSamplesAtOnce(_:totals:of:seenAt:)``), opened at the first.
    let immediateWriter: ImmediateWriter
    /// The person this store reads and writes for instead of the current one (``acting(for:)``), or nil.
    let actingPersonID: Int64?

    /// Opens (creating if needed) the database in `directory`, readable only by its owner, and migrates it.
    ///
    /// - Throws: `HubStoreError` naming the path when the directory cannot be created, the file is not a
    ///   StayFit database, or it (or its `-wal` or `-shm` file) is a symbolic link or anything but a regular file.
    /// - Parameter busyTimeout: how long a write waits for another process's write lock before it fails.
    /// - Parameter announcesWrites: write the change marker (``changeMarkerName``) after each write, so that a
    ///   running hub notices; false for the hub's own store.
    /// - Parameter maximumReaders: connections for reading at the same time (GRDB's default is 5). Each one the
    ///   pool opens stays open, about 200 KB resident; the hub's reads are few and short, so it takes 1.
    public init(
        directory: URL, busyTimeout: Duration = .seconds(5), announcesWrites: Bool = true, maximumReaders: Int = 5
    ) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        self.path = path
        immediateWriter = ImmediateWriter(path: path)
        actingPersonID = nil
        changeMarker = announcesWrites ? directory.appendingPathComponent(Self.changeMarkerName).path : nil
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HubStoreError.cannotCreateDirectory(directory.path, reason: error.localizedDescription)
        }
        // Create the file ourselves with mode 0600: SQLite gives the -wal and -shm files the same mode. None of the
        // three may be a link or anything but a regular file: SQLite would follow a link, and make or use a database
        // outside the directory.
        close(try DataDirectoryFile.open(path, flags: O_RDWR))
        for suffix in ["-wal", "-shm"] { try DataDirectoryFile.refuseIfNotRegular(path + suffix) }

        var configuration = Configuration()
        configuration.label = "stayfit"
        configuration.maximumReaderCount = maximumReaders
        // A second process (the CLI or the hub) may hold the write lock for a moment.
        let (seconds, attoseconds) = busyTimeout.components
        configuration.busyMode = .timeout(Double(seconds) + Double(attoseconds) / 1e18)
        configuration.prepareDatabase { db in
            // NORMAL is durable across a process crash (kill -9) in WAL mode; only power loss can cost the
            // last transactions, and never corrupts the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Schema.migrator.migrate(pool)
        } catch {
            throw HubStoreError.wrap(error, path: path)
        }
    }

    /// The same database as `store`, read and written for the person with id `person` (see ``acting(for:)``).
    init(sharing store: HubStore, actingFor person: Int64) {
        path = store.path
        pool = store.pool
        changeMarker = store.changeMarker
        immediateWriter = store.immediateWriter
        actingPersonID = person
    }

    /// Runs `body` in a write transaction, mapping database errors to `HubStoreError`.
    ///
    /// Async on purpose: the wait for another process's write lock (up to the busy timeout) and the write itself
    /// happen on GRDB's own writer thread, while the calling task is suspended. A cooperative thread is never
    /// blocked, so a `stayfit reset` (VACUUM) or another writer cannot stall bus delivery or the console.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let result: T
        do {
            result = try await isOnWriterThread ? writeHere(body) : pool.write(body)
        } catch let error as HubStoreError { throw error } catch {
            throw HubStoreError.wrap(error, path: path)
        }
        announceWrite()
        return result
    }

    /// Runs `body` with its tasks (and their child tasks) on a thread the store starts for it, its writer thread:
    /// the store's writes from there happen right there, synchronously, rather than on GRDB's writer queue with a
    /// hop there and back. For a writer that writes every second (the workout's): a locked database then blocks this
    /// thread, never one of the pool's, and a second's write costs one thread wake-up instead of three. The thread
    /// ends with `body`.
    public func onWriterThread<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
        await DedicatedThread.run(name: "store-writer") {
            let thread = DedicatedThread.current
            writerThread.withLock { $0 = thread }
            defer { writerThread.withLock { $0 = nil } }
            return await body()
        }
    }

    /// Whether the caller runs on the store's writer thread (``onWriterThread(_:)``), where a write may block.
    private var isOnWriterThread: Bool {
        guard let current = DedicatedThread.current else { return false }
        return writerThread.withLock { $0 === current }
    }

    /// GRDB's blocking write, on the calling thread (a synchronous function, so that the blocking overload is
    /// the one chosen).
    private func writeHere<T>(_ body: (Database) throws -> T) throws -> T { try pool.write(body) }

    /// Opens and closes the change marker for writing (inotify's `IN_CLOSE_WRITE`); it stays empty. Best effort: a
    /// marker that cannot be written (a read-only directory) costs the hub the change, not this process the write.
    func announceWrite() {
        guard let changeMarker else { return }
        // Not through a link, and never onto a FIFO (which would block the write) or a device.
        if let fd = try? DataDirectoryFile.open(changeMarker, flags: O_WRONLY) { close(fd) }
    }

    /// Runs `body` with a read-only snapshot, mapping database errors to `HubStoreError`; suspends, never blocks.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await pool.read(body) } catch let error as HubStoreError { throw error } catch {
            throw HubStoreError.wrap(error, path: path)
        }
    }
}
