import BluetoothSensors
import DBus
import GATTSensors

/// The GATT objects of one fitness sensor the plugin uses: the characteristics it subscribes to (measurements,
/// a machine's status and control point), found by UUID under the service of the sensor's kind, never by handle.
struct SensorGattObjects: Sendable {
    var kind: SensorKind
    /// A fitness machine's type, from the data characteristic it offers.
    var machineType: MachineType?
    /// What to subscribe to: each characteristic's path and what it carries.
    var subscriptions: [(path: String, characteristic: GATTCharacteristic)]
    /// A fitness machine's control point (write with response, indicate), when it has one.
    var controlPoint: String?
    /// A fitness machine's Supported … Range characteristics (speed, inclination, resistance, power), to read once.
    var supportedRanges: [(path: String, characteristic: GATTCharacteristic)] = []
    /// A fitness machine's Fitness Machine Feature (what it measures, which targets it takes), to read once.
    var feature: String?
    var batteryLevel: String?

    /// Finds the objects of the device at `devicePath` in a GetManagedObjects answer.
    ///
    /// - Throws: `BlueZSession.Failure` when the device offers no fitness service, or the service no measurement.
    init(in objects: [String: [String: [String: DBusValue]]], devicePath: String) throws {
        let tree = GattObjectTree(objects, devicePath: devicePath)
        let offered = objects.values.compactMap { interfaces -> String? in
            guard let service = interfaces[BlueZNames.gattService], service["Device"]?.objectPath == devicePath
            else { return nil }
            return service["UUID"]?.string
        }
        guard let kind = SensorKind(offering: offered) else {
            throw BlueZSession.Failure(
                description: "the device at \(devicePath) offers no speed, cadence, power or fitness machine service")
        }
        self.kind = kind
        let services = tree.services(kind.service)
        func find(_ characteristic: GATTCharacteristic) -> String? {
            tree.characteristic(characteristic.uuidString, under: services)
        }
        let measured: [GATTCharacteristic] =
            switch kind {
            case .speedCadence: [.cyclingSpeedCadenceMeasurement]
            case .power: [.cyclingPowerMeasurement]
            case .runningPod: [.runningSpeedCadenceMeasurement]
            case .fitnessMachine:
                [.indoorBikeData, .treadmillData, .rowerData, .crossTrainerData, .fitnessMachineStatus]
            }
        subscriptions = measured.compactMap { characteristic in find(characteristic).map { ($0, characteristic) } }
        let types: [(GATTCharacteristic, MachineType)] = [
            (.indoorBikeData, .indoorBike), (.treadmillData, .treadmill), (.rowerData, .rower),
            (.crossTrainerData, .crossTrainer),
        ]
        machineType = types.first { type in subscriptions.contains { $0.characteristic == type.0 } }?.1
        guard subscriptions.contains(where: { $0.characteristic != .fitnessMachineStatus }) else {
            throw BlueZSession.Failure(
                description: "the \(kind.words.lowercased()) at \(devicePath) has no measurement characteristic")
        }
        controlPoint = kind == .fitnessMachine ? find(.fitnessMachineControlPoint) : nil
        feature = kind == .fitnessMachine ? find(.fitnessMachineFeature) : nil
        if controlPoint != nil {
            let ranges: [GATTCharacteristic] = [
                .supportedSpeedRange, .supportedInclinationRange, .supportedResistanceLevelRange, .supportedPowerRange,
            ]
            supportedRanges = ranges.compactMap { range in find(range).map { ($0, range) } }
        }
        batteryLevel = tree.batteryLevel
    }
}
