import HubCore

/// Which strap the plugin follows: the one remembered with `stayfit devices connect`, else the configured
/// `device`, else the first strap advertising heart rate; with straps paired to people, any of those (and the
/// remembered or configured one), whichever is found first.
enum StrapChoice: Equatable, Sendable {
    /// This address.
    case address(String)
    /// The first of these addresses found, in this order when several are in range: the people's straps.
    case anyOf([String])
    /// The first strap found advertising the Heart Rate service.
    case anyStrap
    /// A remembered strap switched off with `stayfit devices disconnect`: the plugin leaves Bluetooth alone.
    case off(RememberedDevice)

    /// The choice for `remembered`, `configured` and the straps paired to people (`stayfit devices pair ADDRESS
    /// --person NAME`).
    init(remembered: RememberedDevice?, configured: String?, ofPeople: [String] = []) {
        if let remembered, !remembered.connectAutomatically {
            self = .off(remembered)
            return
        }
        let own = remembered?.address ?? configured
        guard !ofPeople.isEmpty else {
            self = own.map(StrapChoice.address) ?? .anyStrap
            return
        }
        // The hub's own strap first: of two in range, it is the one taken.
        let all = (own.map { [$0] } ?? []) + ofPeople.filter { $0 != own }
        self = all.count == 1 ? .address(all[0]) : .anyOf(all)
    }

    /// The addresses to look for, nil for any strap.
    var addresses: [String]? {
        switch self {
        case .address(let address): [address]
        case .anyOf(let addresses): addresses
        case .anyStrap, .off: nil
        }
    }

    /// How status messages name the strap before it is found.
    var label: String {
        switch self {
        case .address(let address): address
        case .anyOf(let addresses): addresses.joined(separator: " or ")
        case .anyStrap: "any strap"
        case .off(let device): "\(device.name) (\(device.address))"
        }
    }
}
