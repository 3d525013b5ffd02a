import BluetoothSensors
import HubCore

/// What a fitness sensor is, told by the GATT service it offers: each kind has its service, its words for a person,
/// its sensor name in `SensorStatusChanged` and its role among the remembered devices.
public enum SensorKind: String, Sendable, CaseIterable {
    /// Cycling Speed and Cadence (0x1816): a wheel and/or crank sensor.
    case speedCadence
    /// Cycling Power (0x1818): a power meter (pedals, crank, hub).
    case power
    /// Running Speed and Cadence (0x1814): a foot pod.
    case runningPod
    /// Fitness Machine (0x1826): a smart trainer, treadmill, rower or cross trainer.
    case fitnessMachine

    /// The service's 128-bit UUID string.
    public var service: String {
        switch self {
        case .speedCadence: BlueZNames.cyclingSpeedCadenceService
        case .power: BlueZNames.cyclingPowerService
        case .runningPod: BlueZNames.runningSpeedCadenceService
        case .fitnessMachine: BlueZNames.fitnessMachineService
        }
    }

    /// The kind in plain words, e.g. "Speed and cadence sensor".
    public var words: String {
        switch self {
        case .speedCadence: "Speed and cadence sensor"
        case .power: "Power meter"
        case .runningPod: "Running pod"
        case .fitnessMachine: "Fitness machine"
        }
    }

    /// How `SensorStatusChanged` names it.
    public var sensor: SensorStatusChanged.Sensor {
        switch self {
        case .speedCadence: .speedAndCadence
        case .power: .power
        case .runningPod: .runningPod
        case .fitnessMachine: .fitnessMachine
        }
    }

    /// The role it is remembered under (`stayfit devices`).
    public var role: RememberedDevice.Role {
        switch self {
        case .speedCadence: .cyclingSpeedCadence
        case .power: .power
        case .runningPod: .runningPod
        case .fitnessMachine: .fitnessMachine
        }
    }

    /// The services of every kind, for a discovery filter.
    public static let services = allCases.map(\.service)

    /// The kind of a device offering `uuids` (128-bit or short): a machine first, then a power meter (which may
    /// also offer speed and cadence: its own crank data is the cadence), then a speed and cadence sensor, then a
    /// running pod; nil when it offers none of them. One kind per device, so no figure is published twice.
    public init?(offering uuids: [String]) {
        let offered = Set(uuids.map(BlueZNames.uuid))
        guard
            let kind = [Self.fitnessMachine, .power, .speedCadence, .runningPod].first(where: {
                offered.contains($0.service)
            })
        else { return nil }
        self = kind
    }
}

/// What kind of fitness machine, told by the data characteristic it offers.
public enum MachineType: String, Sendable, CaseIterable {
    case indoorBike, treadmill, rower, crossTrainer

    /// "Smart trainer", "Treadmill", "Rower", "Cross trainer".
    public var words: String {
        switch self {
        case .indoorBike: "Smart trainer"
        case .treadmill: "Treadmill"
        case .rower: "Rower"
        case .crossTrainer: "Cross trainer"
        }
    }

    /// How a sentence names it: "The trainer took 200 watts".
    public var noun: String {
        switch self {
        case .indoorBike: "trainer"
        case .treadmill: "treadmill"
        case .rower: "rower"
        case .crossTrainer: "cross trainer"
        }
    }
}

extension SensorStatusChanged.Sensor {
    /// A bike's wheel and/or crank sensor (GATT Cycling Speed and Cadence 0x1816).
    public static let speedAndCadence = Self(rawValue: "speed and cadence")
    /// A power meter (GATT Cycling Power 0x1818).
    public static let power = Self(rawValue: "power")
    /// A running pod (GATT Running Speed and Cadence 0x1814).
    public static let runningPod = Self(rawValue: "running pod")
    /// A smart trainer, treadmill, rower or cross trainer (GATT Fitness Machine 0x1826).
    public static let fitnessMachine = Self(rawValue: "fitness machine")
    /// A fitness sensor whose kind is not known yet (it was not found or has not connected).
    public static let fitnessSensor = Self(rawValue: "fitness sensor")
}

extension RememberedDevice.Role {
    /// The running pod.
    public static let runningPod = Self(rawValue: "running-pod")
    /// The fitness machine (smart trainer, treadmill, rower, cross trainer).
    public static let fitnessMachine = Self(rawValue: "fitness-machine")
}
