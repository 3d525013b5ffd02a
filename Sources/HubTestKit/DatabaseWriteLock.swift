import Foundation
import GRDB

/// Holds a database's write lock, as another process (a `stayfit` command, a VACUUM) would, until released.
///
/// The lock is a `BEGIN IMMEDIATE` transaction on a connection of its own, held on a thread of its own, so the
/// code under test meets SQLite's real "database is locked" after its busy timeout.
public final class DatabaseWriteLock: Sendable {
    private let locked = DispatchSemaphore(value: 0)
    private let release = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// Takes the write lock of the database at `path`; returns once it is held.
    public init(path: String) throws {
        let queue = try DatabaseQueue(path: path)
        let locked = self.locked, release = self.release, done = self.done
        let thread = Thread {
            try? queue.inDatabase { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                release.wait()
                try db.execute(sql: "ROLLBACK")
            }
            done.signal()
        }
        thread.name = "test write lock"
        thread.start()
        guard locked.wait(timeout: .now() + 10) == .success else {
            throw TestKitError("could not take the write lock of \(path)")
        }
    }

    /// Lets go of the lock and waits until it is gone.
    public func unlock() {
        release.signal()
        done.wait()
    }
}
