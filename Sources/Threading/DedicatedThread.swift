import Foundation

/// A thread of its own for work that may block, so that it never blocks one of the cooperative pool's few threads.
///
/// Jobs run there one at a time, in order. There are two ways in:
///
/// - As a task executor: the tasks that prefer it run there (``run(name:_:)``). The workout writer runs on one: its
///   database writes may wait for another process's lock or a slow SD card, and writing right there,
///   synchronously, spares each second's write two thread hops, which on a Raspberry Pi cost more than the write.
/// - As a job queue: ``perform(_:)`` runs a closure there and suspends the caller, without blocking its thread,
///   until it is done. eSpeak NG runs every call on one: the library keeps process-global state, is not
///   thread-safe, and blocks its caller for as long as synthesis takes.
///
/// The thread sleeps on a condition variable while there is nothing to do, and ends once ``stop()`` was called and
/// nothing is left to run.
///
/// ```swift
/// await DedicatedThread.run(name: "store-writer") { await writer.run() }
///
/// let speech = DedicatedThread(name: "espeak-ng")
/// let samples = await speech.perform { synthesise("Heart rate 142.") }
/// ```
public final class DedicatedThread: TaskExecutor, @unchecked Sendable {
    // @unchecked: `condition` guards `jobs` and `stopping`; the rest is immutable.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false

    private enum Job {
        case task(UnownedJob)
        case closure(@Sendable () -> Void)
    }

    /// Starts a thread named `name` (at most 15 bytes show), which serves jobs until ``stop()``.
    public init(name: String) {
        // The thread holds the executor until it ends: an executor without its thread would take jobs forever.
        let thread = Thread { [self] in
            ThreadName.setForCurrentThread(name)
            serve()
        }
        thread.start()
    }

    /// Runs `body` with its tasks (and their child tasks) on a new thread named `name`; the thread ends with it.
    public static func run<T: Sendable>(name: String, _ body: @Sendable () async -> T) async -> T {
        let executor = DedicatedThread(name: name)
        defer { executor.stop() }
        return await withTaskExecutorPreference(executor) { await body() }
    }

    /// Runs `work` on the thread, behind the jobs already queued, and suspends the caller until it is done.
    public func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            submit { continuation.resume(returning: work()) }
        }
    }

    /// Runs `work` on the thread, behind the jobs already queued, and blocks the caller until it is done.
    ///
    /// - Important: Only for a thread that has nothing else to do yet: checking a configuration before the hub
    ///   runs, or on a thread of its own. Never from a cooperative thread, nor from this thread itself.
    public func performAndWait<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let handoff = Handoff<T>()
        submit { handoff.complete(work()) }
        return handoff.wait()
    }

    /// Ends the thread once the jobs queued so far have run.
    public func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        append(.task(UnownedJob(job)))
    }

    private func submit(_ work: @escaping @Sendable () -> Void) {
        append(.closure(work))
    }

    private func append(_ job: Job) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The dedicated thread the caller runs on, or nil on any other thread.
    public static var current: DedicatedThread? {
        pthread_getspecific(currentKey).map { Unmanaged<DedicatedThread>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The thread's loop: runs jobs as they come, until stopped and there is nothing left to run.
    private func serve() {
        // Unretained: the thread's closure holds `self` for as long as this loop runs.
        pthread_setspecific(currentKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(currentKey, nil) }
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch {
                switch job {
                case .task(let job): job.runSynchronously(on: asUnownedTaskExecutor())
                case .closure(let work): work()
                }
            }
        }
    }
}

/// Which `DedicatedThread` a thread is (``DedicatedThread/current``).
private let currentKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
    return key
}()

/// A value passed from the thread to a thread that blocks until it comes.
private final class Handoff<T: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var value: T?

    func complete(_ value: T) {
        condition.lock()
        self.value = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
