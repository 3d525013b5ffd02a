import CSystemClock
import Foundation
import Threading

#if canImport(Glibc)
    import Glibc
#endif

/// The hub's sleeps: one thread that waits on the monotonic clock for the earliest deadline and resumes the tasks
/// whose deadline has come.
///
/// `Task.sleep` on Linux costs three thread wake-ups each time it ends: libdispatch's manager thread (its timer),
/// a worker thread to run the timer's handler, and another to run the task. A workout's second-ticker sleeps once
/// a second, so on a Raspberry Pi that adds up; this costs one wake-up (this thread) and the task's own.
///
/// The thread blocks reading a `timerfd` armed for the earliest deadline. A task that adds a new earliest
/// deadline re-arms the timer itself, so the thread is not woken to learn of it: a ticker that sleeps again right
/// after it woke costs one wake-up a second, not two (as a condition variable's signal did).
///
/// The deadline is on `ContinuousClock` (as `Task.sleep(until:clock: .continuous)`); the timer is on
/// `CLOCK_MONOTONIC`, which a wall clock that steps does not move.
final class TimerThread: @unchecked Sendable {
    // @unchecked: everything mutable is guarded by `mutex`.

    static let shared = TimerThread()

    private struct Sleeper {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Armed (relative, on CLOCK_MONOTONIC) for the earliest sleeper's deadline.
    private let timer: Int32
    /// Sorted by deadline, the earliest first.
    private var sleepers: [Sleeper] = []
    /// Sleeps cancelled before their sleeper was added.
    private var cancelledEarly: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private var started = false

    private init() {
        pthread_mutex_init(mutex, nil)
        // Without a timer there is no way to sleep at all: the hub cannot run (only when out of file descriptors).
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC))
        precondition(timer >= 0, "timerfd_create failed: \(String(cString: strerror(errno)))")
    }

    /// Suspends until `deadline`; throws `CancellationError` when the task is cancelled first.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try Task.checkCancellation()
        let id = locked { () -> UInt64 in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = locked { () -> Bool in
                    if cancelledEarly.remove(id) != nil { return true }
                    let sleeper = Sleeper(id: id, deadline: deadline, continuation: continuation)
                    let index = sleepers.firstIndex { $0.deadline > deadline } ?? sleepers.endIndex
                    sleepers.insert(sleeper, at: index)
                    if !started {
                        started = true
                        let thread = Thread { [self] in serve() }
                        thread.start()
                    }
                    // Only a new earliest deadline changes when the thread is to wake.
                    if index == 0 { arm(for: deadline) }
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let sleeper = locked { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelledEarly.insert(id)
                    return nil
                }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    private func serve() {
        ThreadName.setForCurrentThread("timers")
        while true {
            var expirations: UInt64 = 0
            let count = read(timer, &expirations, MemoryLayout<UInt64>.size)
            guard count == MemoryLayout<UInt64>.size else {
                // EINTR; anything else would be a broken descriptor, and a sleep that never ends the hub's watchdog
                // would catch.
                continue
            }
            let due = locked { () -> ArraySlice<Sleeper> in
                let now = ContinuousClock.now
                let due = sleepers.prefix { $0.deadline <= now }
                sleepers.removeFirst(due.count)
                // A deadline met early by a timer that ran fast, or still ahead, is waited for again.
                if let next = sleepers.first { arm(for: next.deadline) }
                return due
            }
            for sleeper in due { sleeper.continuation.resume() }
        }
    }

    /// Sets the timer to go off at `deadline` (at once if it has passed). Called with `mutex` held.
    private func arm(for deadline: ContinuousClock.Instant) {
        let (seconds, attoseconds) = max(deadline - .now, .zero).components
        var setting = itimerspec()
        setting.it_value.tv_sec = Int(seconds)
        // Rounded up, and never zero: a zero time disarms the timer.
        setting.it_value.tv_nsec = Int(attoseconds / 1_000_000_000) + 1
        if setting.it_value.tv_nsec >= 1_000_000_000 {
            setting.it_value.tv_sec += 1
            setting.it_value.tv_nsec -= 1_000_000_000
        }
        timerfd_settime(timer, 0, &setting, nil)
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
