import HubCore

/// The console line for a sensor's status, e.g.
/// `Heart rate sensor (Polar H10 1234 (C0:FF:EE:00:00:01)): connected, battery 85% — worn on the chest`.
public enum SensorLine {
    public static func text(for change: SensorStatusChanged) -> String {
        let sensor = change.sensor.rawValue.prefix(1).uppercased() + change.sensor.rawValue.dropFirst()
        let battery = change.batteryPercent.map { "battery \($0)%" }
        let status =
            change.status == .battery
            ? battery ?? "battery level unknown"
            : change.status.rawValue + (battery.map { ", \($0)" } ?? "")
        return "\(sensor) sensor (\(change.device)): \(status)" + (change.detail.map { " — \($0)" } ?? "")
    }
}
