import Foundation

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
/// The deadline is on `ContinuousClock` (as `Task.sleep(until:clock: .continuous)`); the wait is on
/// `CLOCK_MONOTONIC`, which a wall clock that steps does not move.
final class TimerThread: @unchecked Sendable {
    // @unchecked: everything mutable is guarded by `mutex`, and `condition` is used with it.

    static let shared = TimerThread()

    private struct Sleeper {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Sorted by deadline, the earliest first.
    private var sleepers: [Sleeper] = []
    /// Sleeps cancelled before their sleeper was added.
    private var cancelledEarly: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private var started = false

    private init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
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
                    // Only a new earliest deadline changes what the thread waits for.
                    if index == 0 { pthread_cond_signal(condition) }
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
        FileDescriptorReader.nameCurrentThread("timers")
        pthread_mutex_lock(mutex)
        while true {
            guard let earliest = sleepers.first else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let remaining = earliest.deadline - .now
            if remaining > .zero {
                var wakeAt = timespec()
                clock_gettime(CLOCK_MONOTONIC, &wakeAt)
                let (seconds, attoseconds) = remaining.components
                let nanoseconds = Int(wakeAt.tv_nsec) + Int(attoseconds / 1_000_000_000) + 1
                wakeAt.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
                wakeAt.tv_nsec = nanoseconds % 1_000_000_000
                pthread_cond_timedwait(condition, mutex, &wakeAt)
                continue
            }
            let now = ContinuousClock.now
            let due = sleepers.prefix { $0.deadline <= now }
            sleepers.removeFirst(due.count)
            pthread_mutex_unlock(mutex)
            for sleeper in due { sleeper.continuation.resume() }
            pthread_mutex_lock(mutex)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
