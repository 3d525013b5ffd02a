import BlueZTestKit
import Foundation
import HubTestKit
import Logging
import Testing

@testable import HubCore

/// systemd's watchdog: pings at half of `WATCHDOG_USEC`, each earned by an answer of the hub's event loop.
@Suite(.timeLimit(.minutes(5))) struct WatchdogTests {
    @Test func pingsAtHalfTheIntervalSystemdExports() throws {
        let settings = try #require(WatchdogSettings(environment: ["WATCHDOG_USEC": "30000000"]))
        #expect(settings.period == .seconds(15))
        let ours = WatchdogSettings(environment: ["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "4242"], processID: 4242)
        #expect(ours?.period == .milliseconds(500))
    }

    @Test(arguments: [
        [:], ["WATCHDOG_USEC": ""], ["WATCHDOG_USEC": "0"], ["WATCHDOG_USEC": "-5"], ["WATCHDOG_USEC": "30s"],
        ["WATCHDOG_USEC": "99999999999999999999"],
        // Inherited from a parent that systemd watches: not ours to ping for.
        ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4241"],
    ])
    func withoutAWatchdogForThisProcessThereAreNoSettings(environment: [String: String]) {
        #expect(WatchdogSettings(environment: environment, processID: 4242) == nil)
    }

    @Test func pingsOnlyWhenTheEventLoopAnswersTheLatestProbe() async throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeSystemd(binding: directory.url.appendingPathComponent("notify").path)
        let clock = ManualClock()
        let bus = MessageBus()
        // The test plays the hub's event loop: it sees the probes and answers them, or does not.
        var probes = bus.inbox(of: WatchdogProbe.self, subscriber: "test loop").makeAsyncIterator()
        let watchdog = Watchdog(
            settings: WatchdogSettings(environment: ["WATCHDOG_USEC": "10000000"]),
            notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address]), bus: bus, clock: clock,
            logger: Logger(label: "test"))

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await watchdog.run() }
            defer { group.cancelAll() }

            // Every 5 s (half of 10 s) a probe, and not sooner.
            try await clock.waitForSleepers()
            clock.advance(by: .milliseconds(4999))
            #expect(clock.sleeperCount == 1)
            clock.advance(by: .milliseconds(1))
            #expect(await probes.next() == WatchdogProbe(token: 1))
            #expect(!systemd.hasPendingDatagram)  // no answer yet, no ping
            bus.publish(WatchdogProbeAnswered(token: 1))
            #expect(await systemd.next() == "WATCHDOG=1")

            // The loop blocks: probes 2, 3 and 4 go out and are not answered, so nothing is sent.
            for token: UInt64 in 2...4 {
                try await clock.waitForSleepers()
                clock.advance(by: .seconds(5))
                #expect(await probes.next() == WatchdogProbe(token: token))
            }
            #expect(!systemd.hasPendingDatagram)

            // It comes back: a late answer to probe 2 earns nothing, the answer to the latest one a ping.
            bus.publish(WatchdogProbeAnswered(token: 2))
            bus.publish(WatchdogProbeAnswered(token: 4))
            #expect(await systemd.next() == "WATCHDOG=1")
            #expect(!systemd.hasPendingDatagram)
            // An answer repeated earns nothing either: one ping per probe.
            bus.publish(WatchdogProbeAnswered(token: 4))
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(5))
            #expect(await probes.next() == WatchdogProbe(token: 5))
            bus.publish(WatchdogProbeAnswered(token: 5))
            #expect(await systemd.next() == "WATCHDOG=1")
            #expect(!systemd.hasPendingDatagram)
        }
    }

    @Test func withoutWatchdogSettingsItNeverWakesUp() async throws {
        let clock = ManualClock()
        let bus = MessageBus()
        let watchdog = Watchdog(
            settings: nil, notifier: SystemdNotifier(environment: [:]), bus: bus, clock: clock,
            logger: Logger(label: "test"))
        #expect(bus.statistics().contains { $0.subscriber == "watchdog" })
        let task = Task { try await watchdog.run() }
        defer { task.cancel() }
        // It gives up its subscription at once, and nothing of it sleeps on the clock.
        try await waitUntil { !bus.statistics().contains { $0.subscriber == "watchdog" } }
        #expect(clock.sleeperCount == 0)
    }
}

/// Polls `condition` until it holds; fails after `timeout`.
private func waitUntil(timeout: Duration = TestDeadline.hang, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { throw TestKitError("condition not met within \(timeout)") }
        try await Task.sleep(for: .milliseconds(1))
    }
}
