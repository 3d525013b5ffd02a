import Foundation

/// Runs `body`, which blocks (a read from a child's pipe, a wait for its exit), on a thread of its own, and
/// suspends the caller until it returns.
///
/// Swift Testing runs every test on the cooperative pool, which has one thread a core: two tests blocked at once
/// on a two-core machine stall every other test in the run (a loaded CI machine saw the whole run stand still
/// for 40 s at its start while dozens of tests each waited for a `dbus-daemon` to print its address).
public func onOwnThread<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.name = name
        thread.start()
    }
}
