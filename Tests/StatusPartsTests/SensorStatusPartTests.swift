import Foundation
import HubCore
import StatusParts
import Testing

/// The words each sensor kind contributes to "status now", and how long they hold.
@Suite struct SensorStatusPartTests {
    private func at(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    @Test func aHeartRateHoldsFiveSecondsWithTheBatteryAlongside() {
        var status = HeartRateStatusPart()
        _ = status.take(SensorStatusChanged(sensor: .heartRate, status: .battery, device: "strap", batteryPercent: 80))
        let part = status.take(HeartRateMeasured(beatsPerMinute: 142, source: "strap", timestamp: Date()), at: at(10))
        #expect(
            part
                == StatusPart(
                    source: "heart rate", place: 100, fresh: "heart rate 142, strap battery 80%",
                    stale: "no heart rate, strap battery 80%", freshUntil: at(15)))
        #expect(part.words(at: at(15)) == "heart rate 142, strap battery 80%")
        #expect(part.words(at: at(16)) == "no heart rate, strap battery 80%")
    }

    /// A reading without contact leaves the last heart rate to go stale in its time; a lost strap has none at once.
    @Test func noContactLetsTheHeartRateGoStaleAndALostStrapEndsItAtOnce() {
        var status = HeartRateStatusPart()
        _ = status.take(HeartRateMeasured(beatsPerMinute: 90, source: "strap", timestamp: Date()), at: at(0))
        let noContact = status.take(
            HeartRateMeasured(beatsPerMinute: 0, contact: .noContact, source: "strap", timestamp: Date()), at: at(2))
        #expect(noContact.words(at: at(3)) == "heart rate 90")
        #expect(noContact.words(at: at(6)) == "no heart rate")
        let lost = status.take(SensorStatusChanged(sensor: .heartRate, status: .lost, device: "strap"))
        #expect(lost.words(at: at(3)) == "no heart rate")
    }

    @Test func aFixHoldsFiveSecondsUnlessTheLinkGoesDown() {
        var status = LocationStatusPart()
        let connecting = status.take(SensorStatusChanged(sensor: .location, status: .connecting, device: "gpsd"))
        #expect(connecting.words(at: at(0)) == "no GPS fix")
        #expect(connecting.measuresDistance)
        let fix = status.take(PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()), at: at(0))
        #expect(fix.words(at: at(5)) == "GPS fix")
        #expect(fix.words(at: at(6)) == "no GPS fix")
        let lost = status.take(SensorStatusChanged(sensor: .location, status: .lost, device: "gpsd"))
        #expect(lost.words(at: at(1)) == "no GPS fix")
        // Back within the fix's five seconds: the last position counts again.
        let restored = status.take(SensorStatusChanged(sensor: .location, status: .restored, device: "gpsd"))
        #expect(restored.words(at: at(2)) == "GPS fix")
    }

    /// A bike's sensors notify four times a second: a part comes when a figure first comes, and then at most about
    /// once a second, saying the newest figures; a lost sensor's figures go at once.
    @Test func aMotionPartComesWhenAFigureComesAndThenOnceASecond() {
        func ms(_ milliseconds: Int) -> HubInstant { HubInstant(sinceOrigin: .milliseconds(milliseconds)) }
        func power(_ watts: Int, from device: String = "meter") -> PowerMeasured {
            PowerMeasured(watts: watts, origin: .wheel, source: device, timestamp: Date())
        }
        var status = MotionStatusPart()
        let first = status.take(power(200), at: ms(0))
        #expect(first?.words(at: ms(0)) == "200 watts")
        #expect(status.take(power(210), at: ms(250)) == nil)
        let cadence = status.take(
            CadenceMeasured(perMinute: 87.6, origin: .wheel, source: "bike", timestamp: Date()), at: ms(500))
        #expect(cadence?.words(at: ms(500)) == "210 watts, cadence 88", "a new figure is said at once")
        #expect(status.take(power(220), at: ms(750)) == nil)
        #expect(status.take(power(230), at: ms(1_250)) == nil)
        let second = status.take(power(240), at: ms(1_500))
        #expect(second?.words(at: ms(1_500)) == "240 watts, cadence 88")
        // Fresh until the oldest figure's five seconds are up (the cadence, read at 0.5 s).
        #expect(second?.words(at: ms(5_500)) == "240 watts, cadence 88")
        #expect(second?.words(at: ms(5_501)) == "")
        let lost = status.take(
            SensorStatusChanged(sensor: .init(rawValue: "power meter"), status: .lost, device: "meter"))
        #expect(lost.words(at: ms(1_600)) == "cadence 88")
    }
}
