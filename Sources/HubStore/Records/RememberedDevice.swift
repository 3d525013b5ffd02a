import Foundation

/// The sensor the person chose for one role (`stayfit devices connect`), which the hub uses from then on.
public struct RememberedDevice: Sendable, Equatable, Codable {
    /// What the device is for; one remembered device per role.
    public enum Role: String, Sendable, Codable, CaseIterable {
        case heartRate = "heart-rate"
    }

    public var role: Role
    /// The Bluetooth address in upper case, e.g. "C0:FF:EE:00:00:01".
    public var address: String
    /// The name the device advertised when it was chosen, e.g. "Polar H10 1234".
    public var name: String
    /// False after `stayfit devices disconnect`: remembered, but the hub leaves it alone until connected again.
    public var connectAutomatically: Bool
    public var rememberedAt: Date

    public init(role: Role, address: String, name: String, connectAutomatically: Bool = true, rememberedAt: Date) {
        self.role = role
        self.address = address
        self.name = name
        self.connectAutomatically = connectAutomatically
        self.rememberedAt = rememberedAt
    }
}
