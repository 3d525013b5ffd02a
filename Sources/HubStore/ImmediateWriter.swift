import GRDB
import GRDBSQLite
import Synchronization

/// A connection of its own to the hub's database that writes at once or not at all: for the workout's seconds,
/// written on the clock's timer thread, where nothing may wait.
///
/// Its busy timeout is zero: when another connection holds the write lock (the `stayfit` CLI, a VACUUM, or the
/// hub's own pool writing the heart-rate log), SQLite says so at once and nothing is written; the caller then hands
/// the write to a writer that may wait. SQLite's lock, not a queue of this process, decides, so the caller never
/// waits behind another write of the hub either.
///
/// It never checkpoints the WAL (a checkpoint writes the database file and syncs it, on an SD card the slow part):
/// when one of its commits leaves the WAL at SQLite's auto-checkpoint size, the next write is declined, so that the
/// store's own writer, which checkpoints as SQLite does by default, makes it.
///
/// Opened at the first write, so a hub that records no workout never has it.
final class ImmediateWriter: Sendable {
    /// SQLite's default auto-checkpoint size, in pages.
    static let checkpointPages: Int32 = 1000

    private let path: String
    /// Nil until the first write, and again after an attempt to open it failed (it is tried again at the next).
    private let connection = Mutex<DatabaseQueue?>(nil)
    private let checkpoint = CheckpointSignal()

    init(path: String) { self.path = path }

    /// Runs `body` in an immediate transaction on the calling thread; false, with nothing written, when that would
    /// mean waiting (another connection holds the write lock, or a checkpoint is due) or the write fails.
    func write(_ body: (Database) throws -> Void) -> Bool {
        guard !checkpoint.isDue.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        return connection.withLock { connection -> Bool in
            if connection == nil { connection = open() }
            guard let queue = connection else { return false }
            do {
                try queue.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try body(db)
                        return .commit
                    }
                }
                return true
            } catch {
                return false
            }
        }
    }

    private func open() -> DatabaseQueue? {
        var configuration = Configuration()
        configuration.label = "stayfit-now"
        configuration.busyMode = .immediateError
        let checkpoint = checkpoint
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Replaces SQLite's auto-checkpoint on this connection (which is itself a WAL hook).
            sqlite3_wal_hook(
                db.sqliteConnection,
                { context, _, _, pages in
                    if pages >= ImmediateWriter.checkpointPages, let context {
                        Unmanaged<CheckpointSignal>.fromOpaque(context).takeUnretainedValue().isDue.store(
                            true, ordering: .releasing)
                    }
                    return SQLITE_OK
                }, Unmanaged.passUnretained(checkpoint).toOpaque())
        }
        return try? DatabaseQueue(path: path, configuration: configuration)
    }
}

/// Set by SQLite's WAL hook on the writer's thread, read before its next write; owned by the `ImmediateWriter`,
/// which outlives the connection that points at it.
private final class CheckpointSignal: Sendable {
    let isDue = Atomic<Bool>(false)
}
