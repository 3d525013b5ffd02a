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
/// deadline while the thread waits re-arms the timer itself, so the thread is not woken to learn of it; while the
/// thread serves (resumes sleepers, runs jobs) nobody sets the timer, and the thread sets it once before it waits
/// again: a ticker that sleeps again right after it woke costs one wake-up and one timer setting a second.
///
/// The deadline is on `ContinuousClock` (as `Task.sleep(until:clock: .continuous)`); the timer is on
/// `CLOCK_MONOTONIC`, which a wall clock that steps does not move.
///
/// It is also a task executor, for work that runs once a second and no more than briefly: a task that prefers it
/// (the workout engine) resumes right here when its sleep ends, and whatever it then resumes that prefers it too
/// (the engine's inbox, after the ticker posts the second) runs in the same wake-up, without a hop through the
/// pool, whose every hop is a thread wake-up of its own. A job from another thread arms the timer to go off at
/// once. Its jobs must never block: every sleep in the hub waits behind them.
final class TimerThread: TaskExecutor, @unchecked Sendable {
    // @unchecked: everything mutable is guarded by `mutex`.

    static let shared = TimerThread()

    private struct Sleeper {
        let id: UInt64
        let deadline: ContinuousClock.Instant
        /// The latest moment it may be woken: its deadline plus the tolerance it allows.
        let latest: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Armed (relative, on CLOCK_MONOTONIC) for the earliest moment a sleeper must be woken (or at once for a job).
    private let timer: Int32
    /// Sorted by deadline, the earliest first.
    private var sleepers: [Sleeper] = []
    /// Sleeps cancelled before their sleeper was added.
    private var cancelledEarly: Set<UInt64> = []
    private var nextID: UInt64 = 0
    private var started = false
    /// Jobs of the tasks that prefer this thread, in the order they came.
    private var jobs: [UnownedJob] = []
    /// Whether the thread is between two waits, resuming sleepers and running jobs: it sets the timer itself before
    /// it waits again, so nobody else needs to (each setting is a system call).
    private var serving = false
    /// When the timer is set to go off, nil when it is not set (or has gone off).
    private var armedFor: ContinuousClock.Instant?
    /// The timer thread itself, once started (``isCurrentThread``).
    private var thread: pthread_t?

    /// The hub has one (``shared``); tests make their own, whose thread then never ends.
    init() {
        pthread_mutex_init(mutex, nil)
        // Without a timer there is no way to sleep at all: the hub cannot run (only when out of file descriptors).
        timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC))
        precondition(timer >= 0, "timerfd_create failed: \(String(cString: strerror(errno)))")
    }

    /// Suspends until `deadline`, or up to `tolerance` after it; throws `CancellationError` when the task is
    /// cancelled first.
    ///
    /// A tolerance lets the sleep end with another one, when the thread wakes anyway: a watcher that looks for
    /// silence every few seconds, with a second's tolerance, wakes with the workout's second instead of on its own.
    /// It never ends before `deadline`.
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration = .zero) async throws {
        try Task.checkCancellation()
        let id = locked { () -> UInt64 in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = locked { () -> Bool in
                    if cancelledEarly.remove(id) != nil { return true }
                    let latest = deadline + max(tolerance, .zero)
                    let sleeper = Sleeper(id: id, deadline: deadline, latest: latest, continuation: continuation)
                    let index = sleepers.firstIndex { $0.deadline > deadline } ?? sleepers.endIndex
                    let wakeBefore = wakeAt
                    sleepers.insert(sleeper, at: index)
                    startIfNeeded()
                    // Only a new earliest wake-up changes when the thread is to wake, and a serving thread sets the
                    // timer itself before it waits again.
                    if !serving, wakeBefore.map({ latest < $0 }) ?? true { rearm() }
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
                let sleeper = sleepers.remove(at: index)
                // A timeout cancelled once its operation is done must not wake the thread for nothing.
                if !serving, jobs.isEmpty, sleeper.latest == armedFor { rearm() }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Whether the caller runs on this timer's thread.
    var isCurrentThread: Bool {
        locked { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        locked {
            jobs.append(job)
            startIfNeeded()
            // A serving thread runs every job enqueued before it waits again (its own jobs' included): only a waiting
            // thread needs the timer, and only for the first job of a batch.
            if !serving, jobs.count == 1 { rearm() }
        }
    }

    /// Starts the thread on first use. Called with `mutex` held.
    private func startIfNeeded() {
        guard !started else { return }
        started = true
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    private func serve() {
        ThreadName.setForCurrentThread("timers")
        locked { thread = pthread_self() }
        let executor = asUnownedTaskExecutor()
        while true {
            var expirations: UInt64 = 0
            let count = read(timer, &expirations, MemoryLayout<UInt64>.size)
            guard count == MemoryLayout<UInt64>.size else {
                // EINTR; anything else would be a broken descriptor, and a sleep that never ends the hub's watchdog
                // would catch.
                continue
            }
            locked {
                serving = true
                armedFor = nil
            }
            // The sleepers due, then the jobs they (and other threads) enqueued, until none is left: the tasks a
            // deadline resumes and those they resume run in this one wake-up.
            while true {
                let (due, batch) = locked { () -> (ArraySlice<Sleeper>, [UnownedJob]) in
                    let now = ContinuousClock.now
                    let due = sleepers.prefix { $0.deadline <= now }
                    sleepers.removeFirst(due.count)
                    let batch = jobs
                    jobs.removeAll(keepingCapacity: true)
                    if due.isEmpty && batch.isEmpty {
                        // Set once, for what comes first now that all is done (a deadline met early by a timer that
                        // ran fast is waited for again), rather than after each sleep and job.
                        serving = false
                        rearm()
                    }
                    return (due, batch)
                }
                guard !due.isEmpty || !batch.isEmpty else { break }
                for sleeper in due { sleeper.continuation.resume() }
                for job in batch { job.runSynchronously(on: executor) }
            }
        }
    }

    /// The latest moment the thread may wake for its sleepers: the earliest of their `latest`. Called with `mutex`
    /// held.
    private var wakeAt: ContinuousClock.Instant? { sleepers.lazy.map(\.latest).min() }

    /// Sets the timer for what comes first: at once for a job waiting to run, else the earliest moment a sleeper
    /// must be woken; every sleeper whose deadline has come by then is woken with it. Called with `mutex` held.
    private func rearm() {
        if !jobs.isEmpty {
            arm(for: .now)
        } else if let next = wakeAt {
            arm(for: next)
        } else if armedFor != nil {
            // Nothing left to wait for (the last sleeper was cancelled): a wake-up would find nothing to do.
            var setting = itimerspec()
            timerfd_settime(timer, 0, &setting, nil)
            armedFor = nil
        }
    }

    /// Sets the timer to go off at `deadline` (at once if it has passed). Called with `mutex` held.
    private func arm(for deadline: ContinuousClock.Instant) {
        guard deadline != armedFor else { return }
        armedFor = deadline
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
