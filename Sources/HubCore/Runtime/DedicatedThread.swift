import Foundation
import Synchronization

/// A thread of its own for work that may block, as a task executor: the tasks that prefer it run there, one job at
/// a time, and never on the cooperative pool.
///
/// The workout writer runs on one. Its database writes may wait for another process's lock (up to the busy
/// timeout) or a slow SD card, which must never hold up one of the pool's few threads; and writing right there,
/// synchronously, spares each second's write two thread hops (to GRDB's queue and back), which on a Raspberry Pi
/// cost more than the write.
///
/// ```swift
/// await DedicatedThread.run(name: "store-writer") { await writer.run() }
/// ```
final class DedicatedThread: TaskExecutor, @unchecked Sendable {
    // @unchecked: `condition` guards `jobs` and `stopping`; the rest is immutable.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    private init() {}

    /// Runs `body` with its tasks (and their child tasks) on a new thread named `name`; the thread ends with it.
    static func run<T: Sendable>(name: String, _ body: @Sendable () async -> T) async -> T {
        let executor = DedicatedThread()
        let thread = Thread {
            FileDescriptorReader.nameCurrentThread(name)
            executor.serve()
        }
        thread.start()
        defer { executor.stop() }
        return await withTaskExecutorPreference(executor) { await body() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The thread's loop: runs jobs as they come, until stopped and there is nothing left to run.
    private func serve() {
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
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    private func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }
}
