import DBus
import HubCore

extension HeartRatePlugin {
    /// Answers the front ends' `StrapCommand`s (the web app's sensors page) one at a time, with the `StrapManager`
    /// that `stayfit devices` uses, on the plugin's own adapter: one implementation of scan, connect and disconnect.
    ///
    /// Each command opens its own connection to BlueZ, as the command line does, so the strap the plugin follows is
    /// untouched by a scan.
    func answerCommands(_ commands: Inbox<StrapCommand>, address: DBusAddress) async {
        let manager = StrapManager(adapter: configuration.adapter, busAddress: address)
        for await command in commands {
            command.reply.answer(await Self.answer(command.action, with: manager))
        }
    }

    static func answer(_ action: BluetoothAction, with manager: StrapManager) async -> BluetoothAnswer {
        do {
            switch action {
            case .scan(let duration):
                return .success(try await manager.scan(for: duration).map(device))
            case .pair(let address, let searchFor):
                return .success([device(try await manager.connect(address: address, searchFor: searchFor))])
            case .disconnect(let address):
                _ = try await manager.disconnect(address: address)
                return .success([])
            }
        } catch {
            return .failure(BluetoothActionFailure("\(error)"))
        }
    }

    private static func device(_ strap: StrapManager.Strap) -> BluetoothDevice {
        BluetoothDevice(
            address: strap.address, name: strap.name, words: "Heart-rate strap", role: .heartRate,
            roleWords: "heart-rate strap", signalStrength: strap.signalStrength, batteryPercent: strap.batteryPercent)
    }
}
