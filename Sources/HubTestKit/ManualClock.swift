import BlueZTestKit
import Foundation
import HubCore
import Synchronization

/// A `HubClock` that moves only when a test says so.
///
/// `sleep(until:)` suspends until `advance(by:)` moves the time past the deadline, so supervisor backoff or
/// a workout's seconds run in microseconds and always the same way. `stepWallClock(by:)` moves the wall clock
/// alone, as NTP or a person setting the date does on a real machine.
public final class ManualClock: HubClock {
    private struct Sleeper {
        let id: UInt64
        let deadline: HubInstant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var instant = HubInstant(sinceOrigin: .zero)
        var now: Date
        var synchronised = true
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
    }

    private let state: Mutex<State>

    /// The speed it reports, as if it stood for a sped-up simulation; it still moves only on `advance(by:)`.
    public let speed: Double

    /// The boot this clock pretends to run in; `bootTime` counts from its `secondsSinceBoot`.
    public let boot: BootTime?

    /// Starts at `now` (by default a fixed date, so tests are repeatable).
    public init(
        now: Date = Date(timeIntervalSince1970: 1_790_000_000), speed: Double = 1,
        boot: BootTime? = BootTime(bootID: "manual-clock-boot", secondsSinceBoot: 1_000)
    ) {
        state = Mutex(State(now: now))
        self.speed = speed
        self.boot = boot
    }

    public var instant: HubInstant { state.withLock { $0.instant } }
    public var now: Date { state.withLock { $0.now } }
    public var isWallClockSynchronised: Bool { state.withLock { $0.synchronised } }

    public var bootTime: BootTime? {
        boot.map {
            BootTime(bootID: $0.bootID, secondsSinceBoot: $0.secondsSinceBoot + instant.sinceOrigin.seconds / speed)
        }
    }

    /// Steps the wall clock alone (an NTP correction, a date set by hand); monotonic time does not move.
    public func stepWallClock(by interval: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(interval) }
    }

    /// Says whether the wall clock is synchronised, as the kernel would.
    public func setWallClockSynchronised(_ synchronised: Bool) {
        state.withLock { $0.synchronised = synchronised }
    }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: HubInstant) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.instant { return true }
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

    /// Moves time (monotonic and wall) forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.instant = state.instant + duration
            state.now = state.now.addingTimeInterval(duration.seconds)
            let instant = state.instant
            let due = state.sleepers.filter { $0.deadline <= instant }
            state.sleepers.removeAll { $0.deadline <= instant }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (in real time, up to `timeout`) until at least `count` tasks sleep on the clock. The limit only ends a
    /// test that would hang; it is generous because a loaded CI machine can hold tasks back for seconds.
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = TestDeadline.hang) async throws {
        let deadline = ContinuousClock.now + timeout
        while sleeperCount < count {
            guard ContinuousClock.now < deadline else {
                throw TestKitError("no task started sleeping on the clock within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// A test helper gave up waiting.
public struct TestKitError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
