import Console
import HubCore
import Testing

@Suite struct SensorLineTests {
    static let strap = "Polar H10 1234 (C0:FF:EE:00:00:01)"

    @Test func aConnectionSaysTheBatteryAndWhereTheStrapIsWorn() {
        let change = SensorStatusChanged(
            sensor: .heartRate, status: .connected, device: Self.strap, batteryPercent: 85, detail: "worn on the chest")
        #expect(
            SensorLine.text(for: change)
                == "Heart rate sensor (\(Self.strap)): connected, battery 85% — worn on the chest")
    }

    @Test func aBatteryChangeIsNamedByItsLevelAlone() {
        let change = SensorStatusChanged(sensor: .heartRate, status: .battery, device: Self.strap, batteryPercent: 15)
        #expect(SensorLine.text(for: change) == "Heart rate sensor (\(Self.strap)): battery 15%")
    }

    @Test func aLossSaysWhy() {
        let change = SensorStatusChanged(
            sensor: .heartRate, status: .lost, device: Self.strap, detail: "the strap disconnected")
        #expect(SensorLine.text(for: change) == "Heart rate sensor (\(Self.strap)): lost — the strap disconnected")
    }
}
