import Foundation

/// The sensor the person chose for one role (`stayfit devices connect`), which the hub uses from then on.
public struct RememberedDevice: Sendable, Equatable, Codable {
    /// What the device is for; one remembered device per role. An open set: a plugin for a new kind of sensor
    /// brings its own role, and the store takes any. The raw value is the key stored in the database, kebab-case.
    public struct Role: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// The heart-rate strap.
        public static let heartRate = Role(rawValue: "heart-rate")
        /// The cycling speed and cadence sensor.
        public static let cyclingSpeedCadence = Role(rawValue: "cycling-speed-cadence")
        /// The cycling power meter.
        public static let power = Role(rawValue: "power")
        /// The treadmill (fitness machine).
        public static let treadmill = Role(rawValue: "treadmill")
        /// The GPS receiver.
        public static let location = Role(rawValue: "location")
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
