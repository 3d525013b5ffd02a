import DBus
import HubCore

extension FitnessSensorsPlugin {
    /// Answers the front ends' `FitnessSensorCommand`s (the web app's sensors page) one at a time, with the
    /// `FitnessSensorManager` that `stayfit devices` uses, on the plugin's own adapter: one implementation of scan,
    /// pair and disconnect.
    ///
    /// Each command opens its own connection to BlueZ, as the command line does.
    func answerCommands(_ commands: Inbox<FitnessSensorCommand>, address: DBusAddress) async {
        let manager = FitnessSensorManager(adapter: configuration.adapter, busAddress: address)
        for await command in commands {
            command.reply.answer(await Self.answer(command.action, with: manager))
        }
    }

    static func answer(_ action: BluetoothAction, with manager: FitnessSensorManager) async -> BluetoothAnswer {
        do {
            switch action {
            case .scan(let duration):
                return .success(try await manager.scan(for: duration).map(device))
            case .pair(let address, let searchFor):
                return .success([device(try await manager.pair(address: address, searchFor: searchFor))])
            case .disconnect(let address):
                _ = try await manager.disconnect(address: address)
                return .success([])
            }
        } catch {
            return .failure(BluetoothActionFailure("\(error)"))
        }
    }

    private static func device(_ sensor: FitnessSensorManager.Sensor) -> BluetoothDevice {
        BluetoothDevice(
            address: sensor.address, name: sensor.name, words: sensor.words, role: sensor.kind.role,
            roleWords: sensor.kind.words.lowercased(), signalStrength: sensor.signalStrength)
    }
}
