import BlueZTestKit
import HubCore
import Logging
import ServiceLifecycle
import Synchronization

/// A plugin run under a real `Supervisor` whose first run a test makes fail, the way a crash would.
///
/// The failure is thrown next to the plugin's run, which cancels it: every bus stream that run was consuming
/// ends, exactly as when a plugin's own code throws. The supervisor then restarts the plugin after one second of
/// the `ManualClock`. A plugin that comes back whole reacts to messages published after the restart; one whose
/// restarted run reuses what the failed run consumed stays deaf.
///
/// ```swift
/// try await withSupervisedRestart(of: "console", clock: clock, bus: bus, make: { ConsolePlugin(…) }) { restart in
///     … the plugin reacts …
///     try await restart.failFirstRunAndRestart()
///     … it still reacts …
/// }
/// ```
public struct SupervisedRestart: Sendable {
    let bus: MessageBus
    let clock: ManualClock
    let runs: RunLog
    let failures: Inbox<PluginFailed>

    /// Makes the first run fail now, waits for the supervisor to report it, lets the restart delay pass and waits
    /// until the second run has started.
    public func failFirstRunAndRestart() async throws {
        runs.failFirstRun()
        let failure = try await failures.next(within: TestDeadline.hang)
        guard let delay = failure.restartIn else {
            throw TestKitError("the supervisor did not restart the plugin: \(failure)")
        }
        // The failed run's own sleepers were cancelled with it: the one left is the supervisor's backoff.
        try await clock.waitForSleepers(timeout: TestDeadline.hang)
        clock.advance(by: delay)
        try await runs.waitForRun(2)
    }

    /// How many runs have started.
    public var runCount: Int { runs.count }
}

/// Runs the plugin that `make` builds under a `Supervisor` (policy: restart after 1 s) while `body` runs, then
/// cancels it. `make` is called for every run, as the hub calls `BuiltPlugin.make()`.
public func withSupervisedRestart(
    of id: PluginID, clock: ManualClock, bus: MessageBus, make: @escaping @Sendable () throws -> any Service,
    _ body: (SupervisedRestart) async throws -> Void
) async throws {
    let runs = RunLog()
    let restart = SupervisedRestart(
        bus: bus, clock: clock, runs: runs, failures: bus.inbox(of: PluginFailed.self, subscriber: "restart test"))
    let supervisor = Supervisor(
        id: id, policy: .restart(initialDelay: .seconds(1), maxDelay: .seconds(1), resetAfter: .seconds(3600)),
        bus: bus, clock: clock, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) { ObservedRun(plugin: try make(), runs: runs) }
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await supervisor.run() }
        defer { group.cancelAll() }
        try await runs.waitForRun(1)
        try await body(restart)
        group.cancelAll()
        try await group.waitForAll()
    }
}

/// The error that makes the first run fail.
public struct InjectedFailure: Error, CustomStringConvertible {
    public var description: String { "injected failure" }
}

/// One run of the plugin, counted; the first can be made to fail from outside.
private struct ObservedRun: Service {
    let plugin: any Service
    let runs: RunLog

    func run() async throws {
        guard runs.start() == 1 else { return try await plugin.run() }
        let plugin = plugin, runs = runs
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            group.addTask {
                await runs.failureRequested()
                throw InjectedFailure()
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}

/// Run starts, and the request to fail the first run.
final class RunLog: Sendable {
    private struct State {
        var started = 0
        var failRequested = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.started } }

    /// Counts a run that starts; returns its number, 1-based.
    func start() -> Int {
        state.withLock {
            $0.started += 1
            return $0.started
        }
    }

    func failFirstRun() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.failRequested = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once `failFirstRun()` was called (at once if it already was), or when the task is cancelled.
    func failureRequested() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.failRequested || Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// Waits (in real time, up to `timeout`) until run number `number` has started.
    func waitForRun(_ number: Int, timeout: Duration = TestDeadline.hang) async throws {
        let deadline = ContinuousClock.now + timeout
        while count < number {
            guard ContinuousClock.now < deadline else {
                throw TestKitError("run \(number) did not start within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
