/// The devices the hub remembers, one per role (the heart-rate strap it follows).
///
/// `HubStore` conforms; HubTestKit has an in-memory one.
///
/// ```swift
/// let strap = try await devices.rememberedDevice(.heartRate)
/// ```
public protocol DeviceMemory: Sendable {
    /// The device remembered for `role`, if any.
    func rememberedDevice(_ role: RememberedDevice.Role) async throws -> RememberedDevice?
}
