import HubCore

/// Which strap the plugin follows: the one remembered with `stayfit devices connect`, else the configured
/// `device`, else the first strap advertising heart rate.
enum StrapChoice: Equatable, Sendable {
    /// This address.
    case address(String)
    /// The first strap found advertising the Heart Rate service.
    case anyStrap
    /// A remembered strap switched off with `stayfit devices disconnect`: the plugin leaves Bluetooth alone.
    case off(RememberedDevice)

    /// The choice for `remembered` and `configured`.
    init(remembered: RememberedDevice?, configured: String?) {
        if let remembered {
            self = remembered.connectAutomatically ? .address(remembered.address) : .off(remembered)
        } else {
            self = configured.map(StrapChoice.address) ?? .anyStrap
        }
    }

    /// The address to look for, nil for any strap.
    var address: String? {
        if case .address(let address) = self { address } else { nil }
    }

    /// How status messages name the strap before it is found.
    var label: String {
        switch self {
        case .address(let address): address
        case .anyStrap: "any strap"
        case .off(let device): "\(device.name) (\(device.address))"
        }
    }
}
