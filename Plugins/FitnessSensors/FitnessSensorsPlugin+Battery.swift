import BluetoothSensors
import DBus
import HubCore

// A sensor's battery: read from BlueZ's Battery1, said when low.
extension FitnessSensorsPlugin {
    /// Says a low battery once at the threshold and again every 10 points further down, as the strap's plugin does.
    func announceIfLow(_ percent: Int, of sensor: ConnectedSensor, link: SensorLinkState) {
        guard link.shouldAnnounceLowBattery(percent, threshold: configuration.lowBatteryPercent) else { return }
        context.bus.publish(Announcement("\(sensor.words) battery low: \(percent)%.", priority: .important))
    }

    /// The battery level in a PropertiesChanged of BlueZ's `org.bluez.Battery1`, if it is a percentage.
    static func batteryPercent(in signal: DBusSignal) -> Int? {
        guard signal.member == "PropertiesChanged", signal.arguments.first?.string == BlueZNames.battery,
            let percent = signal.arguments.dropFirst().first?.dictionary?["Percentage"]?.byte, percent <= 100
        else { return nil }
        return Int(percent)
    }
}
