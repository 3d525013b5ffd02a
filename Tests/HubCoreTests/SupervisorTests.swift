import Foundation
import HubCore
import HubTestKit
import ServiceLifecycle
import Synchronization
import Testing

@Suite struct SupervisorTests {
    /// A supervisor whose every run uses `plugin`: these tests count the runs of one scripted plugin.
    private func supervisor(
        _ plugin: ScriptedPlugin, policy: FailurePolicy, bus: MessageBus, clock: ManualClock
    ) -> Supervisor {
        Supervisor(id: "scripted", policy: policy, bus: bus, clock: clock, logger: quietLogger) { plugin }
    }

    @Test func restartsAFailingPluginAfterDelaysThatDoubleUpToTheMaximum() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self)
        let plugin = ScriptedPlugin { _ in throw Boom() }
        let policy = FailurePolicy.restart(initialDelay: .seconds(1), maxDelay: .seconds(4), resetAfter: .seconds(60))

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor(plugin, policy: policy, bus: bus, clock: clock).run() }
            for (index, delay) in [1, 2, 4, 4, 4].enumerated() {
                let failure = try await failures.next()
                #expect(failure == PluginFailed(plugin: "scripted", reason: "boom", restartIn: .seconds(delay)))
                #expect(plugin.runCount == index + 1)

                try await clock.waitForSleepers()
                clock.advance(by: .seconds(delay) - .milliseconds(500))
                // Half a second early: still waiting, not run again.
                #expect(clock.sleeperCount == 1)
                #expect(plugin.runCount == index + 1)
                clock.advance(by: .milliseconds(500))
            }
            _ = try await failures.next()
            #expect(plugin.runCount == 6)
            group.cancelAll()
        }
    }

    @Test func startsTheBackoffOverOnceThePluginRanForResetAfter() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self)
        // Runs 1–3 fail at once; run 4 fails after 9.5 s (too short to reset), run 5 after 10 s (long enough).
        let runTimes: [Int: Duration] = [4: .milliseconds(9_500), 5: .seconds(10)]
        let plugin = ScriptedPlugin { run in
            if let time = runTimes[run] { try await clock.sleep(for: time) }
            throw Boom()
        }
        let policy = FailurePolicy.restart(initialDelay: .seconds(1), maxDelay: .seconds(8), resetAfter: .seconds(10))

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor(plugin, policy: policy, bus: bus, clock: clock).run() }
            var delays: [Duration?] = []
            for run in 1...6 {
                if let time = runTimes[run] {
                    try await clock.waitForSleepers()
                    clock.advance(by: time)
                }
                let failure = try await failures.next()
                delays.append(failure.restartIn)
                try await clock.waitForSleepers()
                clock.advance(by: try #require(failure.restartIn))
            }
            #expect(delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(1), .seconds(2)])
            group.cancelAll()
        }
    }

    @Test func ignorePolicyLeavesThePluginStoppedAfterOneFailure() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self)
        let plugin = ScriptedPlugin { _ in throw Boom() }

        try await supervisor(plugin, policy: .ignore, bus: bus, clock: clock).run()

        #expect(plugin.runCount == 1)
        #expect(try await failures.next() == PluginFailed(plugin: "scripted", reason: "boom", restartIn: nil))
        #expect(clock.sleeperCount == 0)
    }

    @Test func shutdownPolicyRethrowsThePluginsError() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self)
        let plugin = ScriptedPlugin { _ in throw Boom() }

        await #expect(throws: Boom.self) {
            try await supervisor(plugin, policy: .shutdown, bus: bus, clock: clock).run()
        }

        #expect(plugin.runCount == 1)
        #expect(try await failures.next() == PluginFailed(plugin: "scripted", reason: "boom", restartIn: nil))
    }

    @Test func aPluginThatReturnsIsNotRestartedAndNothingIsPublished() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self, subscriber: "test")
        let plugin = ScriptedPlugin { _ in }

        try await supervisor(plugin, policy: .standard, bus: bus, clock: clock).run()

        #expect(plugin.runCount == 1)
        #expect(bus.statistics().map(\.delivered) == [0])
        withExtendedLifetime(failures) {}
    }

    @Test func aPluginStoppedByCancellationIsNotReportedAsFailed() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self, subscriber: "test")
        let plugin = ScriptedPlugin { _ in try await clock.sleep(for: .seconds(3600)) }

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor(plugin, policy: .standard, bus: bus, clock: clock).run() }
            try await clock.waitForSleepers()
            group.cancelAll()
            try await group.waitForAll()
        }

        #expect(plugin.runCount == 1)
        #expect(bus.statistics().map(\.delivered) == [0])
        withExtendedLifetime(failures) {}
    }

    @Test func everyRunGetsAnInstanceOfItsOwnFromTheFactory() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self)
        let made = Mutex<[ScriptedPlugin]>([])
        // Each instance fails its first run; one that is run twice would say so with a different error.
        let make: @Sendable () -> any Service = {
            let plugin = ScriptedPlugin { run in throw run == 1 ? Boom() : RunTwice() }
            made.withLock { $0.append(plugin) }
            return plugin
        }
        let supervisor = Supervisor(
            id: "scripted", policy: .standard, bus: bus, clock: clock, logger: quietLogger, make: make)

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor.run() }
            for _ in 1...3 {
                #expect(try await failures.next().reason == "boom")
                try await clock.waitForSleepers()
                clock.advance(by: .seconds(30))
            }
            #expect(try await failures.next().reason == "boom")
            group.cancelAll()
        }
        #expect(made.withLock { $0.map(\.runCount) } == [1, 1, 1, 1])
    }

    @Test func anInstanceThatCannotBeMadeCountsAsAFailedRun() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let failures = bus.inbox(of: PluginFailed.self)
        let attempts = Atomic<Int>(0)
        let plugin = ScriptedPlugin { _ in }
        let supervisor = Supervisor(
            id: "scripted", policy: .standard, bus: bus, clock: clock, logger: quietLogger
        ) { () throws -> any Service in
            guard attempts.add(1, ordering: .relaxed).newValue > 1 else { throw Boom() }
            return plugin
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor.run() }
            #expect(
                try await failures.next() == PluginFailed(plugin: "scripted", reason: "boom", restartIn: .seconds(1)))
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(1))
            try await group.waitForAll()
        }
        #expect(attempts.load(ordering: .relaxed) == 2)
        #expect(plugin.runCount == 1)
    }
}

/// What a scripted plugin throws when it is run a second time.
private struct RunTwice: Error, CustomStringConvertible {
    var description: String { "the same instance ran twice" }
}
