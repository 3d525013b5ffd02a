import Foundation
import HubTestKit
import Testing

@testable import HubCore

/// systemd's STATUS= line follows the workout, at most one datagram per gap.
@Suite(.timeLimit(.minutes(5))) struct ServiceStatusTests {
    private static func progress(_ state: WorkoutState, elapsed: Duration, meters: Double) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.distanceMeters = meters
        return WorkoutProgress(
            workoutID: 1, state: state, elapsed: elapsed, moving: elapsed, totals: totals,
            currentSpeedMetersPerSecond: nil, currentHeartRate: nil, at: HubInstant(sinceOrigin: elapsed))
    }

    @Test func followsTheWorkoutWithAtMostOneLineEveryFiveSeconds() async throws {
        let directory = try TemporaryDirectory()
        let systemd = try FakeSystemd(binding: directory.url.appendingPathComponent("notify").path)
        let clock = ManualClock()
        let bus = MessageBus()
        let status = ServiceStatus(
            notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.address]), bus: bus, clock: clock,
            minimumGap: .seconds(5))

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await status.run() }
            defer { group.cancelAll() }

            // Nothing before the hub is ready (READY=1 comes first); then the line at once.
            bus.publish(WorkoutStateChanged(workoutID: nil, state: .idle, previous: .idle))
            bus.publish(HubReady(plugins: []))
            #expect(await systemd.next() == "STATUS=idle")

            // A start right after waits out the gap, and by then the first progress has come: only it is sent.
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
            try await clock.waitForSleepers()
            bus.publish(Self.progress(.running, elapsed: .seconds(1), meters: 3))
            bus.publish(Self.progress(.running, elapsed: .seconds(2), meters: 6))
            #expect(!systemd.hasPendingDatagram)
            clock.advance(by: .seconds(5))
            #expect(await systemd.next() == "STATUS=recording 0:02, 6 m")

            // Progress every second: only every fifth second wakes it, and then the line is the latest there is,
            // at most one per 5 s.
            bus.publish(Self.progress(.running, elapsed: .seconds(3), meters: 9))
            bus.publish(Self.progress(.running, elapsed: .seconds(4), meters: 12))
            bus.publish(Self.progress(.running, elapsed: .seconds(5), meters: 15))  // wakes it, within the gap
            try await clock.waitForSleepers()
            bus.publish(Self.progress(.running, elapsed: .seconds(6), meters: 18))
            #expect(!systemd.hasPendingDatagram)
            clock.advance(by: .seconds(5))
            #expect(await systemd.next() == "STATUS=recording 0:06, 18 m")  // 5 s after the last line

            // Seconds that are not a fifth wake nothing, however much time passes.
            bus.publish(Self.progress(.running, elapsed: .seconds(723), meters: 3090))
            bus.publish(Self.progress(.running, elapsed: .seconds(724), meters: 3100))
            clock.advance(by: .seconds(30))
            #expect(clock.sleeperCount == 0)
            #expect(!systemd.hasPendingDatagram)
            bus.publish(Self.progress(.running, elapsed: .seconds(725), meters: 3104))
            let line = await systemd.next()
            #expect(line == "STATUS=recording 12:05, 3.10 km")

            // A pause shows the numbers so far; the finish leaves the hub idle.
            clock.advance(by: .seconds(5))
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .paused, previous: .running))
            #expect(await systemd.next() == "STATUS=paused 12:05, 3.10 km")
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .paused))
            try await clock.waitForSleepers()
            clock.advance(by: .seconds(5))
            #expect(await systemd.next() == "STATUS=idle")
            #expect(!systemd.hasPendingDatagram)
        }
    }

    @Test func withoutSystemdToTellItListensToNothing() {
        let bus = MessageBus()
        let status = ServiceStatus(notifier: SystemdNotifier(environment: [:]), bus: bus, clock: ManualClock())
        #expect(!bus.statistics().contains { $0.subscriber == "service status" })
        let told = ServiceStatus(
            notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/systemd/notify"]), bus: bus,
            clock: ManualClock())
        #expect(bus.statistics().filter { $0.subscriber == "service status" }.count == 3)
        withExtendedLifetime((status, told)) {}
    }
}
