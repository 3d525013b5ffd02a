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

extension DeviceBook {
    /// The device remembered at `address` (upper case), whatever its role: a fitness sensor's role before the
    /// strap's, as `stayfit devices forget ADDRESS` looks; nil when none is. The GPS receiver is no Bluetooth device.
    public func rememberedDevice(at address: String) async throws -> RememberedDevice? {
        let devices = try await rememberedDevices().filter { $0.address == address && $0.role != .location }
        return devices.first { $0.role != .heartRate } ?? devices.first
    }

    /// Remembers `device` for its role, and returns the device it replaced at another address, for the caller to
    /// release (disconnect) as `stayfit devices connect` and `pair` do.
    public func rememberReplacing(_ device: RememberedDevice) async throws -> RememberedDevice? {
        let previous = try await rememberedDevice(device.role)
        try await remember(device)
        return previous.flatMap { $0.address == device.address ? nil : $0 }
    }
}
