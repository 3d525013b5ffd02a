import GATTSensors
import Testing

@Suite struct GATTCharacteristicTests {
    @Test func spellsItsUUIDAsBlueZDoes() {
        #expect(GATTCharacteristic.cyclingPowerMeasurement.uuidString == "00002a63-0000-1000-8000-00805f9b34fb")
        #expect(GATTCharacteristic.indoorBikeData.uuidString == "00002ad2-0000-1000-8000-00805f9b34fb")
    }

    @Test func isFoundByTheUUIDBlueZReports() {
        #expect(
            GATTCharacteristic(uuidString: "00002a5b-0000-1000-8000-00805f9b34fb") == .cyclingSpeedCadenceMeasurement)
        #expect(GATTCharacteristic(uuidString: "00002AD9-0000-1000-8000-00805F9B34FB") == .fitnessMachineControlPoint)
        #expect(GATTCharacteristic(uuidString: "2a53") == .runningSpeedCadenceMeasurement)
        // Heart Rate Measurement is the strap plugin's, not this module's; a vendor UUID is nobody's.
        #expect(GATTCharacteristic(uuidString: "00002a37-0000-1000-8000-00805f9b34fb") == nil)
        #expect(GATTCharacteristic(uuidString: "6e400003-b5a3-f393-e0a9-e50e24dcca9e") == nil)
        #expect(GATTCharacteristic(uuidString: "zz") == nil)
    }
}
