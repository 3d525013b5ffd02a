import Synchronization
import Testing

@testable import HubCore

/// The hub's own sleeps (`SystemClock.sleep`): in deadline order, never early, and cancellable.
@Suite(.timeLimit(.minutes(1))) struct TimerThreadTests {
    @Test func sleepersWakeInDeadlineOrderAndNeverEarly() async throws {
        let order = Woken()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Added latest-first, so each new sleeper is the new earliest the thread must wait for.
            // Seconds ahead: on a loaded machine (the whole suite on two cores) a task may start late, and one
            // whose deadline has passed before the others are even asleep rightly wakes first.
            for (index, milliseconds) in [2600, 2400, 2000, 2200].enumerated() {
                group.addTask {
                    let deadline = start + .milliseconds(milliseconds)
                    try await TimerThread.shared.sleep(until: deadline)
                    #expect(ContinuousClock.now >= deadline, "sleeper \(index) woke early")
                    order.append(milliseconds)
                }
            }
            try await group.waitForAll()
        }
        #expect(order.all == [2000, 2200, 2400, 2600])
    }

    @Test func aCancelledSleepThrowsAtOnceAndLeavesTheOthers() async throws {
        let far = ContinuousClock.now + .seconds(3600)
        let sleeping = Task { try await TimerThread.shared.sleep(until: far) }
        try await Task.sleep(for: .milliseconds(50))
        sleeping.cancel()
        // Its deadline is an hour away: a sleep that did not wake on the cancel would run into the suite's limit.
        await #expect(throws: CancellationError.self) { try await sleeping.value }

        // Cancelled before it even started: it throws without waiting.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await TimerThread.shared.sleep(until: far)
        }
        await #expect(throws: CancellationError.self) { try await early.value }

        // The thread still serves the others.
        try await TimerThread.shared.sleep(until: .now + .milliseconds(20))
    }
}

/// The order in which sleepers woke.
private final class Woken: Sendable {
    private let values = Mutex<[Int]>([])
    var all: [Int] { values.withLock { $0 } }
    func append(_ value: Int) { values.withLock { $0.append(value) } }
}
