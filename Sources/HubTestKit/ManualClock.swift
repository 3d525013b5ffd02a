import Foundation
import HubCore
import Synchronization

/// A `HubClock` that moves only when a test says so.
///
/// `sleep(until:)` suspends until `advance(by:)` moves the time past the deadline, so supervisor backoff or
/// a workout's seconds run in microseconds and always the same way.
public final class ManualClock: HubClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
    }

    private let state: Mutex<State>

    /// The speed it reports, as if it stood for a sped-up simulation; it still moves only on `advance(by:)`.
    public let speed: Double

    /// Starts at `now` (by default a fixed date, so tests are repeatable).
    public init(now: Date = Date(timeIntervalSince1970: 1_790_000_000), speed: Double = 1) {
        state = Mutex(State(now: now))
        self.speed = speed
    }

    public var now: Date { state.withLock { $0.now } }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Date) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    if Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.addingTimeInterval(duration.seconds)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (in real time, up to `timeout`) until at least `count` tasks sleep on the clock.
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + timeout
        while sleeperCount < count {
            guard ContinuousClock.now < deadline else { throw TestKitError("no task started sleeping on the clock within \(timeout)") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// A test helper gave up waiting.
public struct TestKitError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
