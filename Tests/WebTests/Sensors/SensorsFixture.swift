import Foundation
import HubCore
import HubStore
import HubTestKit
import Synchronization

@testable import Web

/// A real temporary store, empty or with a remembered strap, trainer and a person's strap, and a fake radio.
struct SensorsFixture {
    let directory: TemporaryDirectory
    let store: HubStore

    static let strap = RememberedDevice(
        role: .heartRate, address: "C0:FF:EE:00:00:01", name: "Polar H10 1234",
        rememberedAt: Date(timeIntervalSince1970: 0))
    static let trainer = RememberedDevice(
        role: RememberedDevice.Role(rawValue: "fitness-machine"), address: "C0:FF:EE:00:00:05", name: "KICKR 9999",
        rememberedAt: Date(timeIntervalSince1970: 0))

    init(remembering devices: [RememberedDevice] = []) async throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
        for device in devices { try await store.remember(device) }
    }
}

/// What the heart-rate and fitness-sensors plugins would answer, without them: a table of answers per family, and
/// every request kept in order.
final class FakeSensorRadio: SensorRadio {
    private let answers: @Sendable (BluetoothAction, SensorFamily) -> BluetoothAnswer
    private let log = Mutex<[Request]>([])

    struct Request: Equatable {
        let action: BluetoothAction
        let family: SensorFamily
    }

    init(_ answers: @escaping @Sendable (BluetoothAction, SensorFamily) -> BluetoothAnswer) {
        self.answers = answers
    }

    /// A radio that finds `straps` and `sensors` and pairs whichever of them is asked for.
    convenience init(straps: [BluetoothDevice] = [], sensors: [BluetoothDevice] = []) {
        self.init { action, family in
            let devices = family == .strap ? straps : sensors
            switch action {
            case .scan: return .success(devices)
            case .pair(let address, let searchFor):
                guard let device = devices.first(where: { $0.address == address }) else {
                    return .failure(
                        BluetoothActionFailure(
                            "No Bluetooth device \(address) was found in "
                                + "\(Format.counted(Int(searchFor.components.seconds), "second"))."))
                }
                return .success([device])
            case .disconnect: return .success([])
            }
        }
    }

    var requests: [Request] { log.withLock { $0 } }

    func perform(_ action: BluetoothAction, on family: SensorFamily) async -> BluetoothAnswer {
        log.withLock { $0.append(Request(action: action, family: family)) }
        return answers(action, family)
    }
}

extension BluetoothDevice {
    static let polar = BluetoothDevice(
        address: "C0:FF:EE:00:00:01", name: "Polar H10 1234", words: "Heart-rate strap", role: .heartRate,
        roleWords: "heart-rate strap", signalStrength: -61, batteryPercent: 85)
    static let tickr = BluetoothDevice(
        address: "C0:FF:EE:00:00:02", name: "Wahoo TICKR", words: "Heart-rate strap", role: .heartRate,
        roleWords: "heart-rate strap", signalStrength: -79)
    static let kickr = BluetoothDevice(
        address: "C0:FF:EE:00:00:05", name: "KICKR 9999", words: "Smart trainer",
        role: RememberedDevice.Role(rawValue: "fitness-machine"), roleWords: "fitness machine", signalStrength: -70)
    static let speed = BluetoothDevice(
        address: "C0:FF:EE:00:00:06", name: "Wahoo SPEED", words: "Speed and cadence sensor",
        role: .cyclingSpeedCadence, roleWords: "speed and cadence sensor")
}
