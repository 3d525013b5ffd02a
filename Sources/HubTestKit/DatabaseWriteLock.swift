import Foundation
import GRDB
import Synchronization

/// Holds a database's write lock, as another process (a `stayfit` command, a VACUUM) would, until released.
///
/// The lock is a `BEGIN IMMEDIATE` transaction on a connection of its own, held on a thread of its own, so the
/// code under test meets SQLite's real "database is locked" after its busy timeout. Taking and releasing it
/// suspend the test, never block a cooperative thread.
public final class DatabaseWriteLock: Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let released = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let done = Mutex(false)

    private init() {}

    /// Takes the write lock of the database at `path`; returns once it is held.
    public static func take(path: String) async throws -> DatabaseWriteLock {
        let lock = DatabaseWriteLock()
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)  // another writer may finish first
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try await withCheckedThrowingContinuation { (locked: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                var held = false
                do {
                    try queue.inDatabase { db in
                        try db.execute(sql: "BEGIN IMMEDIATE")
                        held = true
                        locked.resume()
                        lock.release.wait()  // this thread's own: the test runs on, suspended or not
                        try? db.execute(sql: "ROLLBACK")
                    }
                } catch {
                    if !held { locked.resume(throwing: error) }
                }
                lock.finished()
            }
            thread.name = "test write lock"
            thread.start()
        }
        return lock
    }

    /// Lets go of the lock and returns once it is gone.
    public func unlock() async {
        await withCheckedContinuation { continuation in
            let alreadyDone = done.withLock { done in
                if !done { released.withLock { $0 = continuation } }
                return done
            }
            if alreadyDone { continuation.resume() }
            release.signal()
        }
    }

    private func finished() {
        let waiting = done.withLock { done in
            done = true
            return released.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }
        }
        waiting?.resume()
    }
}
