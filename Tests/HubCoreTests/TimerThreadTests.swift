import Synchronization
import Testing

@testable import HubCore

/// The hub's own sleeps (`SystemClock.sleep`): in deadline order, never early, and cancellable.
@Suite(.timeLimit(.minutes(5))) struct TimerThreadTests {
    @Test func sleepersWakeInDeadlineOrderAndNeverEarly() async throws {
        let woken = Woken()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Added latest-first, so each new sleeper is the new earliest the thread must wait for.
            for (index, milliseconds) in [2600, 2400, 2000, 2200].enumerated() {
                group.addTask {
                    let deadline = start + .milliseconds(milliseconds)
                    try await TimerThread.shared.sleep(until: deadline)
                    let now = ContinuousClock.now
                    #expect(now >= deadline, "sleeper \(index) woke early")
                    woken.append(milliseconds, at: now)
                }
            }
            try await group.waitForAll()
        }
        // In deadline order: a sleeper that woke before a later one's deadline came first. Two that were both due
        // when a loaded machine let the thread run are resumed together, and their tasks may run in either order.
        let wakes = woken.all
        #expect(wakes.count == 4)
        for (position, wake) in wakes.enumerated() {
            for later in wakes.dropFirst(position + 1) where later.milliseconds < wake.milliseconds {
                #expect(
                    wake.at >= start + .milliseconds(later.milliseconds),
                    "the \(wake.milliseconds) ms sleeper woke before the \(later.milliseconds) ms one was even due")
            }
        }
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

    @Test func aSleepWithToleranceEndsWithALaterSleepThatFallsWithinIt() async throws {
        // A timer of its own: the shared one wakes for other suites' sleeps too.
        let timers = TimerThread()
        let woken = Woken()
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            // The watcher may wake up to a second late; the second's tick 300 ms in must not be late at all.
            group.addTask {
                try await timers.sleep(until: start + .milliseconds(100), tolerance: .seconds(1))
                woken.append(100, at: .now)
            }
            group.addTask {
                try await timers.sleep(until: start + .milliseconds(300))
                woken.append(300, at: .now)
            }
            try await group.waitForAll()
        }
        let wakes = woken.all
        try #require(wakes.count == 2)
        let watcher = try #require(wakes.first { $0.milliseconds == 100 })
        let tick = try #require(wakes.first { $0.milliseconds == 300 })
        // Not at its own deadline (the thread did not wake for it) but with the tick, which has no tolerance and
        // so is never early.
        #expect(watcher.at >= start + .milliseconds(300), "the watcher woke on its own, before the tick")
        #expect(tick.at >= start + .milliseconds(300))
    }

    @Test func aTaskThatPrefersTheTimerRunsOnItsThreadBeforeAndAfterItsSleep() async throws {
        let timers = TimerThread()
        let (before, after) = try await withTaskExecutorPreference(timers) {
            let before = timers.isCurrentThread
            try await timers.sleep(until: .now + .milliseconds(10))
            return (before, timers.isCurrentThread)
        }
        #expect(before, "the task did not start on the timer's thread")
        #expect(after, "the task did not resume on the timer's thread after its sleep")
        #expect(!timers.isCurrentThread)
    }
}

/// The sleepers in the order they woke, with when.
private final class Woken: Sendable {
    private let values = Mutex<[(milliseconds: Int, at: ContinuousClock.Instant)]>([])
    var all: [(milliseconds: Int, at: ContinuousClock.Instant)] { values.withLock { $0 } }
    func append(_ milliseconds: Int, at instant: ContinuousClock.Instant) {
        values.withLock { $0.append((milliseconds, instant)) }
    }
}
