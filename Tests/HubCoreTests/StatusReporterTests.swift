import Foundation
import HubStore
import HubTestKit
import Logging
import Testing

@testable import HubCore

@Suite struct StatusReporterTests {
    private func at(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    private func progress(_ state: WorkoutState, elapsed: Int, meters: Double) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.distanceMeters = meters
        return WorkoutProgress(
            workoutID: 1, state: state, elapsed: .seconds(elapsed), moving: .seconds(elapsed),
            totals: totals, currentSpeedMetersPerSecond: 3, currentHeartRate: 140, at: at(elapsed))
    }

    @Test func anIdleHubWithoutSensorsSaysIdle() {
        #expect(StatusSnapshot().sentence(at: at(0)) == "Idle.")
    }

    @Test func aRecordingHubSaysTimeDistanceHeartRateBatteryAndFix() {
        var snapshot = StatusSnapshot()
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
        snapshot.apply(progress(.running, elapsed: 724, meters: 3104))
        snapshot.apply(HeartRateMeasured(beatsPerMinute: 142, source: "strap", timestamp: Date()), at: at(100))
        snapshot.apply(SensorStatusChanged(sensor: .heartRate, status: .battery, device: "strap", batteryPercent: 80))
        snapshot.apply(SensorStatusChanged(sensor: .location, status: .connected, device: "gpsd"))
        snapshot.apply(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(101))
        #expect(
            snapshot.sentence(at: at(102)) == "Recording 12:04, 3.10 km, heart rate 142, strap battery 80%, GPS fix.")
    }

    /// "status now" and the console's `status` say the same time: the moving time (51 s elapsed, 11 s paused).
    @Test func theSentenceSaysTheMovingTimeAsTheConsoleDoes() {
        var snapshot = StatusSnapshot()
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
        var totals = WorkoutTotals()
        totals.distanceMeters = 120
        snapshot.apply(
            WorkoutProgress(
                workoutID: 1, state: .running, elapsed: .seconds(51), moving: .seconds(40), totals: totals,
                currentSpeedMetersPerSecond: 3, currentHeartRate: nil, at: at(51)))
        #expect(snapshot.sentence(at: at(51)) == "Recording 0:40, 120 m.")
    }

    @Test func indoorsWithoutGPSTheDistanceIsLeftOutNotSaidAsZero() {
        var snapshot = StatusSnapshot()
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
        #expect(snapshot.sentence(at: at(0)) == "Recording 0:00.")
        snapshot.apply(progress(.running, elapsed: 51, meters: 0))
        snapshot.apply(HeartRateMeasured(beatsPerMinute: 120, source: "strap", timestamp: Date()), at: at(51))
        #expect(snapshot.sentence(at: at(51)) == "Recording 0:51, heart rate 120.")
    }

    @Test func staleReadingsAndALostReceiverAreSaidAsMissing() {
        var snapshot = StatusSnapshot()
        snapshot.apply(HeartRateMeasured(beatsPerMinute: 70, source: "strap", timestamp: Date()), at: at(0))
        snapshot.apply(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(0))
        #expect(snapshot.sentence(at: at(3)) == "Idle, heart rate 70, GPS fix.")
        #expect(snapshot.sentence(at: at(60)) == "Idle, no heart rate, no GPS fix.")
        snapshot.apply(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(61))
        snapshot.apply(SensorStatusChanged(sensor: .location, status: .lost, device: "gpsd"))
        #expect(snapshot.sentence(at: at(61)) == "Idle, no heart rate, no GPS fix.")
    }

    @Test func aReadingWithoutSkinContactIsNoHeartRate() {
        var snapshot = StatusSnapshot()
        snapshot.apply(
            HeartRateMeasured(beatsPerMinute: 0, contact: .noContact, source: "strap", timestamp: Date()), at: at(0))
        #expect(snapshot.sentence(at: at(0)) == "Idle, no heart rate.")
    }

    @Test func pausedAndFinishedWorkoutsAreSaidAsSuch() {
        var snapshot = StatusSnapshot()
        snapshot.apply(progress(.running, elapsed: 65, meters: 200))
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .paused, previous: .running))
        #expect(snapshot.sentence(at: at(0)) == "Paused 1:05, 200 m.")
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .paused))
        #expect(snapshot.sentence(at: at(0)) == "Idle.")
    }

    @Test func aRequestOnTheBusIsAnsweredWithOneAnnouncement() async throws {
        let bus = MessageBus()
        let clock = ManualClock()
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let reporter = StatusReporter(bus: bus, clock: clock, logger: logger)
        let announcements = bus.messages(of: Announcement.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await reporter.run() }
            defer { group.cancelAll() }
            bus.publish(progress(.running, elapsed: 10, meters: 30))
            bus.publish(StatusRequested(source: "test"))
            let answer = try await announcements.next()
            #expect(answer == Announcement("Recording 0:10, 30 m.", priority: .important))
        }
    }
}
