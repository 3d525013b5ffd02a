import ArgumentParser
import BluetoothSensors
import FitnessSensors
import HubCore
import HubStore

extension DevicesCommand {
    /// `stayfit devices disconnect [ADDRESS]`: the strap, or the remembered fitness sensor at ADDRESS, is let go and
    /// stays remembered; the hub leaves it alone until it is chosen again.
    struct Disconnect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Disconnect the hub's strap (or the remembered sensor at ADDRESS) and keep the hub from connecting it.",
            discussion: """
                The device stays remembered: 'stayfit devices connect' (a strap) or 'stayfit devices pair' (a fitness \
                sensor) lets the hub connect it again.
                """)
        @OptionGroup var bluetooth: BluetoothOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var device: RememberedDeviceArgument

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                guard let address = device.address else {
                    guard let strap = try await store.rememberedDevice(.heartRate) else {
                        throw CLIError(
                            "No strap is remembered, so there is none to disconnect. 'stayfit devices' lists what the hub knows."
                        )
                    }
                    return try await disconnect(strap, in: store)
                }
                // The same look-up as 'forget ADDRESS': a sensor's role before the strap's.
                guard let device = try await store.rememberedDevice(at: address) else {
                    throw CLIError(
                        "No remembered device has the address \(address), so there is none to disconnect. "
                            + "'stayfit devices' lists what the hub knows.")
                }
                try await disconnect(device, in: store)
            }
        }

        /// Turns the device's automatic connection off, then disconnects it, with the strap's or the sensors'
        /// manager.
        private func disconnect(_ device: RememberedDevice, in store: HubStore) async throws {
            // First the switch, so a running hub does not connect the device again right after.
            try await store.setConnectAutomatically(false, for: device.role)
            let isStrap = device.role == .heartRate
            let wasConnected =
                isStrap
                ? try await bluetooth.manager().disconnect(address: device.address)
                : try await bluetooth.sensorManager().disconnect(address: device.address)
            let label = "\(device.name) (\(device.address))"
            let again = isStrap ? "connect" : "pair"
            print(
                (wasConnected ? "Disconnected \(label)." : "\(label) was not connected.")
                    + " The hub leaves it alone until 'stayfit devices \(again) \(device.address)'.")
        }
    }
}
