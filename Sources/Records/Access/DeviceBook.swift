/// The remembered devices as `stayfit devices` reads and changes them: what the web app's sensors page needs, the same
/// store calls as the command line's. `HubStore` conforms.
///
/// ```swift
/// try await book.remember(RememberedDevice(role: .heartRate, address: address, name: name, rememberedAt: Date()))
/// for device in try await book.rememberedDevices() { … }
/// ```
public protocol DeviceBook: DeviceMemory {
    /// Every remembered device, whatever its role, in role order.
    func rememberedDevices() async throws -> [RememberedDevice]
    /// Remembers `device` for its role, replacing whatever was remembered for it.
    func remember(_ device: RememberedDevice) async throws
    /// Forgets the device remembered for `role`; false when none was.
    @discardableResult func forgetDevice(_ role: RememberedDevice.Role) async throws -> Bool
    /// The straps that belong to people (`stayfit devices pair ADDRESS --person NAME`), in address order.
    func personStraps() async throws -> [(address: String, person: String)]
}
