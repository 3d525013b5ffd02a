import Foundation

/// The one thread that makes every eSpeak NG call.
///
/// The library keeps process-global state and is not thread-safe, and in synchronous mode `espeak_Synth` blocks
/// its caller for as long as synthesis takes: neither may happen on a cooperative thread. Jobs run one at a
/// time, in order, each handed the thread's `EspeakSession`, which never leaves it. The thread sleeps on a
/// condition variable while there is nothing to do and lives as long as the process (one engine per process).
final class EspeakOwnerThread: @unchecked Sendable {
    // @unchecked: `jobs` is only touched with `condition` locked; the session is created and used on the thread.
    private let condition = NSCondition()
    private var jobs: [@Sendable (EspeakSession) -> Void] = []

    init() {
        let thread = Thread { [self] in serve() }
        thread.name = "espeak-ng"
        thread.start()
    }

    /// Queues `job` behind the others; never blocks.
    func submit(_ job: @escaping @Sendable (EspeakSession) -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `work` on the owner thread and suspends (without blocking a thread) until it is done.
    func perform<T: Sendable>(_ work: @escaping @Sendable (EspeakSession) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { session in continuation.resume(with: Result { try work(session) }) }
        }
    }

    /// Runs `work` on the owner thread and blocks the caller until it is done.
    ///
    /// Only for what happens once, before the hub runs (starting the engine, checking a configured voice): a few
    /// milliseconds of a thread that has nothing else to do yet.
    func performAndWait<T: Sendable>(_ work: @escaping @Sendable (EspeakSession) throws -> T) throws -> T {
        let handoff = Handoff<T>()
        submit { session in handoff.complete(Result { try work(session) }) }
        return try handoff.wait().get()
    }

    private func serve() {
        let session = EspeakSession()
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job(session)
        }
    }
}

/// A result passed from the owner thread to a thread that waits for it.
private final class Handoff<T: Sendable>: @unchecked Sendable {
    // @unchecked: `result` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var result: Result<T, any Error>?

    func complete(_ value: Result<T, any Error>) {
        condition.lock()
        result = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Result<T, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}
