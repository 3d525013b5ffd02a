import Foundation
import HubCore
import Status
import StatusParts
import Testing

/// The sentence, from the workout's state and the parts the sensors publish (made here as the heart-rate plugin,
/// the location plugin and the simulator make them, with `HeartRateStatusPart` and `LocationStatusPart`).
@Suite struct StatusSnapshotTests {
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
        var heartRate = HeartRateStatusPart(), location = LocationStatusPart()
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
        snapshot.apply(progress(.running, elapsed: 724, meters: 3104))
        snapshot.apply(
            heartRate.take(HeartRateMeasured(beatsPerMinute: 142, source: "strap", timestamp: Date()), at: at(100)))
        snapshot.apply(
            heartRate.take(
                SensorStatusChanged(sensor: .heartRate, status: .battery, device: "strap", batteryPercent: 80)))
        snapshot.apply(location.take(SensorStatusChanged(sensor: .location, status: .connected, device: "gpsd")))
        snapshot.apply(
            location.take(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(101)))
        #expect(
            snapshot.sentence(at: at(102)) == "Recording 12:04, 3.10 km, heart rate 142, strap battery 80%, GPS fix.")
    }

    /// A kind other than a run is named: what the person is doing is part of where the hub stands.
    @Test func anIndoorRideIsNamed() {
        var snapshot = StatusSnapshot()
        var ride = progress(.running, elapsed: 1450, meters: 12_400)
        ride.kind = .indoorRide
        snapshot.apply(ride)
        #expect(snapshot.sentence(at: at(1450)) == "Recording indoor ride 24:10, 12.40 km.")
        ride.state = .paused
        snapshot.apply(ride)
        #expect(snapshot.sentence(at: at(1450)) == "Paused indoor ride 24:10, 12.40 km.")
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
        var heartRate = HeartRateStatusPart()
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
        #expect(snapshot.sentence(at: at(0)) == "Recording 0:00.")
        snapshot.apply(progress(.running, elapsed: 51, meters: 0))
        snapshot.apply(
            heartRate.take(HeartRateMeasured(beatsPerMinute: 120, source: "strap", timestamp: Date()), at: at(51)))
        #expect(snapshot.sentence(at: at(51)) == "Recording 0:51, heart rate 120.")
    }

    /// With a GPS plugin there, a workout's distance is said from its start, 0 m included.
    @Test func withAReceiverTheDistanceIsSaidFromTheStart() {
        var snapshot = StatusSnapshot()
        var location = LocationStatusPart()
        snapshot.apply(location.take(SensorStatusChanged(sensor: .location, status: .connecting, device: "gpsd")))
        snapshot.apply(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
        #expect(snapshot.sentence(at: at(0)) == "Recording 0:00, 0 m, no GPS fix.")
        snapshot.apply(progress(.running, elapsed: 3, meters: 0))
        #expect(snapshot.sentence(at: at(3)) == "Recording 0:03, 0 m, no GPS fix.")
    }

    @Test func staleReadingsAndALostReceiverAreSaidAsMissing() {
        var snapshot = StatusSnapshot()
        var heartRate = HeartRateStatusPart(), location = LocationStatusPart()
        snapshot.apply(
            heartRate.take(HeartRateMeasured(beatsPerMinute: 70, source: "strap", timestamp: Date()), at: at(0)))
        snapshot.apply(
            location.take(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(0)))
        #expect(snapshot.sentence(at: at(3)) == "Idle, heart rate 70, GPS fix.")
        // 5 s after the reading it still counts; a moment later it does not.
        #expect(snapshot.sentence(at: at(5)) == "Idle, heart rate 70, GPS fix.")
        #expect(snapshot.sentence(at: at(6)) == "Idle, no heart rate, no GPS fix.")
        #expect(snapshot.sentence(at: at(60)) == "Idle, no heart rate, no GPS fix.")
        snapshot.apply(
            location.take(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(61)))
        snapshot.apply(location.take(SensorStatusChanged(sensor: .location, status: .lost, device: "gpsd")))
        #expect(snapshot.sentence(at: at(61)) == "Idle, no heart rate, no GPS fix.")
    }

    @Test func aReadingWithoutSkinContactIsNoHeartRate() {
        var snapshot = StatusSnapshot()
        var heartRate = HeartRateStatusPart()
        snapshot.apply(
            heartRate.take(
                HeartRateMeasured(beatsPerMinute: 0, contact: .noContact, source: "strap", timestamp: Date()),
                at: at(0)))
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

    /// Heart rate before GPS, whichever published first.
    @Test func partsAreSaidInTheirPlaceNotInTheOrderTheyCame() {
        var snapshot = StatusSnapshot()
        var heartRate = HeartRateStatusPart(), location = LocationStatusPart()
        snapshot.apply(
            location.take(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(0)))
        snapshot.apply(
            heartRate.take(HeartRateMeasured(beatsPerMinute: 88, source: "strap", timestamp: Date()), at: at(0)))
        #expect(snapshot.sentence(at: at(1)) == "Idle, heart rate 88, GPS fix.")
    }

    /// A sensor the status plugin has never heard of says its own words in its own place: a new kind of sensor
    /// needs no change here.
    @Test func aNewKindOfSensorIsSaidWithoutAnyChangeToTheStatus() {
        var snapshot = StatusSnapshot()
        var heartRate = HeartRateStatusPart(), location = LocationStatusPart()
        snapshot.apply(
            heartRate.take(HeartRateMeasured(beatsPerMinute: 70, source: "strap", timestamp: Date()), at: at(0)))
        snapshot.apply(
            location.take(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(0)))
        snapshot.apply(
            StatusPart(
                source: "rowing machine", place: 150, fresh: "26 strokes a minute", stale: "no strokes",
                freshUntil: at(10)))
        #expect(snapshot.sentence(at: at(2)) == "Idle, heart rate 70, 26 strokes a minute, GPS fix.")
        #expect(snapshot.sentence(at: at(8)) == "Idle, no heart rate, 26 strokes a minute, no GPS fix.")
        #expect(snapshot.sentence(at: at(11)) == "Idle, no heart rate, no strokes, no GPS fix.")
    }
}
