import Foundation
import HubCore

/// The words and pieces of HTML the sensors pages share, every text escaped on the way in.
enum SensorsMarkup {
    /// "KICKR 9999 (C0:FF:EE:00:00:05)": the name made printable (a device names itself, control characters and
    /// all), the address as stored.
    static func label(_ device: RememberedDevice) -> String {
        let name = Format.printable(device.name)
        return name == device.address ? device.address : "\(name) (\(device.address))"
    }

    /// How `stayfit devices list` names a remembered device's role: "strap", "fitness machine" …
    static func roleWords(_ role: RememberedDevice.Role) -> String {
        switch role.rawValue {
        case "heart-rate": "strap"
        case "cycling-speed-cadence": "speed and cadence sensor"
        case "power": "power meter"
        default: role.rawValue.replacingOccurrences(of: "-", with: " ")
        }
    }

    /// A remembered device's line with its "Forget" link, to the question before it is forgotten.
    static func remembered(_ sentence: String, _ device: RememberedDevice) -> String {
        "<li>\(HTMLText.escape(sentence)) "
            + HistoryMarkup.link("Forget", to: "/sensors/forget?address=\(device.address)", className: "forget")
            + "</li>"
    }
}
