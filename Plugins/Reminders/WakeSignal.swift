import HubCore
import Synchronization

/// Wakes the reminder scheduler before its deadline: the reminders in the store changed.
///
/// A bus stream cannot be raced against a sleep (cancelling a task that waits on an `AsyncStream` ends the
/// stream), so the stream's consumer fires this signal and the scheduler races the signal instead.
final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let state = Mutex(State())

    /// Wakes the waiter, or the next one to wait when none waits now.
    func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Sleeps on `clock` until `deadline` or until fired, whichever comes first.
    ///
    /// - Returns: true when fired, also when the deadline came at the same moment: a change is never lost.
    func sleep(on clock: any HubClock, until deadline: HubInstant) async throws -> Bool {
        let fired = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                try? await clock.sleep(until: deadline)
                return false
            }
            group.addTask { await self.wait() }
            var fired = await group.next() ?? false
            group.cancelAll()
            // The other one may have finished too; a fire it took must count.
            for await other in group { fired = fired || other }
            return fired
        }
        try Task.checkCancellation()
        return fired
    }

    /// Returns true when fired (at once when fired since the last wait), false when the task is cancelled.
    private func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let resumeWith = state.withLock { state -> Bool? in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return false }
                    state.waiter = continuation
                    return nil
                }
                if let resumeWith { continuation.resume(returning: resumeWith) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: false)
        }
    }
}
