import BluetoothSensors
import DBus
import HubCore

// How a connected sensor's link ends: BlueZ says so, or the data stops.
extension FitnessSensorsPlugin {
    /// Why `signal` ends the link (the device disconnected or went, the adapter was switched off), if it does.
    func linkEnded(by signal: DBusSignal, devicePath: String, adapterPath: String) -> String? {
        if signal.member == "InterfacesRemoved", signal.arguments.first?.objectPath == devicePath,
            signal.arguments.dropFirst().first?.strings?.contains(BlueZNames.device) == true
        {
            return "BlueZ removed the sensor"
        }
        guard signal.member == "PropertiesChanged", let interface = signal.arguments.first?.string,
            let changed = signal.arguments.dropFirst().first?.dictionary
        else { return nil }
        if signal.path == devicePath, interface == BlueZNames.device, changed["Connected"]?.bool == false {
            return "the sensor disconnected"
        }
        if signal.path == adapterPath, interface == BlueZNames.adapter, changed["Powered"]?.bool == false {
            return "the Bluetooth adapter \(configuration.adapter) was switched off"
        }
        return nil
    }

    /// Publishes `.lost` once when no reading arrives for `stale-after-seconds`.
    func watchForStaleData(link: SensorLinkState, sensor: ConnectedSensor) async throws {
        let clock = context.clock, interval = configuration.staleAfter
        while !Task.isCancelled {
            guard let deadline = link.staleDeadline(after: interval) else {
                try await clock.sleep(for: interval)
                continue
            }
            try await clock.sleep(until: deadline, tolerance: .seconds(1))
            if link.markLostIfStale(at: clock.instant, after: interval) {
                publish(
                    SensorStatusChanged(
                        sensor: sensor.sensor, status: .lost, device: sensor.description,
                        detail: "no data for \(Format.counted(Int(interval.components.seconds), "second"))"))
            }
        }
    }
}
