import Console
import HubCore
import Testing

/// The console names any kind of sensor by its words, so a new sensor plugin needs no change to the console.
@Suite struct SensorKindLineTests {
    @Test(arguments: [
        (SensorStatusChanged.Sensor.location, "Location sensor (simulator): connected"),
        (.cyclingSpeedCadence, "Cycling speed and cadence sensor (simulator): connected"),
        (.power, "Power sensor (simulator): connected"),
        (.treadmill, "Treadmill sensor (simulator): connected"),
    ])
    func aSensorOfAnyKindIsNamedByItsWords(sensor: SensorStatusChanged.Sensor, line: String) {
        #expect(
            SensorLine.text(for: SensorStatusChanged(sensor: sensor, status: .connected, device: "simulator")) == line)
    }
}
