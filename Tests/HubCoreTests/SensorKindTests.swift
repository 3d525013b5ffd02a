import Foundation
import HubCore
import Testing

/// Sensor kinds are an open set: the ones the console has always printed keep their words, new ones need no change
/// to the core.
@Suite struct SensorKindTests {
    @Test func theKindsPeopleAlreadyReadKeepTheirWords() {
        #expect(SensorStatusChanged.Sensor.heartRate.rawValue == "heart rate")
        #expect(SensorStatusChanged.Sensor.location.rawValue == "location")
    }

    @Test func aKindTheCoreDoesNotNameIsAsGoodAsAnyOther() throws {
        let rower = SensorStatusChanged.Sensor(rawValue: "rowing machine")
        let change = SensorStatusChanged(sensor: rower, status: .connected, device: "Rower")
        #expect(change.sensor == SensorStatusChanged.Sensor(rawValue: "rowing machine"))
        #expect(change.sensor != .heartRate)
        // Stored and sent as its plain words.
        let encoded = try JSONEncoder().encode(rower)
        #expect(String(decoding: encoded, as: UTF8.self) == "\"rowing machine\"")
        #expect(try JSONDecoder().decode(SensorStatusChanged.Sensor.self, from: encoded) == rower)
    }
}
