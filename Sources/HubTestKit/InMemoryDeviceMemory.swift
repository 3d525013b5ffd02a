import HubCore
import Synchronization

/// The devices the hub remembers, in memory.
public final class InMemoryDeviceMemory: DeviceMemory {
    private let devices: Mutex<[RememberedDevice.Role: RememberedDevice]>

    public init(_ devices: [RememberedDevice] = []) {
        self.devices = Mutex(Dictionary(devices.map { ($0.role, $0) }, uniquingKeysWith: { $1 }))
    }

    /// Remembers `device` for its role, in place of any other (publish `StoreChanged(section: .devices)` after).
    public func remember(_ device: RememberedDevice) { devices.withLock { $0[device.role] = device } }

    public func rememberedDevice(_ role: RememberedDevice.Role) async throws -> RememberedDevice? {
        devices.withLock { $0[role] }
    }
}
