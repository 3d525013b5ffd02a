import Console
import HubCore
import Testing

/// The console names any kind of sensor by its words, so a new sensor plugin needs no change to the console.
@Suite struct SensorKindLineTests {
    @Test(arguments: [
        (SensorStatusChanged.Sensor.location, "Location sensor (simulator): connected"),
        (.init(rawValue: "speed and cadence"), "Speed and cadence sensor (simulator): connected"),
        (.init(rawValue: "power"), "Power sensor (simulator): connected"),
    ])
    func aSensorOfAnyKindIsNamedByItsWords(sensor: SensorStatusChanged.Sensor, line: String) {
        #expect(
            SensorLine.text(for: SensorStatusChanged(sensor: sensor, status: .connected, device: "simulator")) == line)
    }
}
