import Foundation
import GRDB
import Records

extension HubStore {
    /// The device remembered for `role`, or nil when none was chosen.
    public func rememberedDevice(_ role: RememberedDevice.Role) async throws -> RememberedDevice? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM devices WHERE role = ?", arguments: [role.rawValue]).map { row in
                RememberedDevice(
                    role: role, address: row["address"], name: row["name"],
                    connectAutomatically: row["connect_automatically"],
                    rememberedAt: Date(timeIntervalSince1970: row["remembered_at"]))
            }
        }
    }

    /// Every remembered device, whatever its role, in role order.
    public func rememberedDevices() async throws -> [RememberedDevice] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM devices ORDER BY role").map { row in
                RememberedDevice(
                    role: RememberedDevice.Role(rawValue: row["role"]), address: row["address"], name: row["name"],
                    connectAutomatically: row["connect_automatically"],
                    rememberedAt: Date(timeIntervalSince1970: row["remembered_at"]))
            }
        }
    }

    /// Remembers `device` for its role, replacing whatever was remembered for it.
    public func remember(_ device: RememberedDevice) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO devices (role, address, name, connect_automatically, remembered_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    device.role.rawValue, device.address, device.name, device.connectAutomatically,
                    device.rememberedAt.timeIntervalSince1970,
                ])
        }
    }

    /// Turns automatic connection of the device remembered for `role` on or off; false when none is remembered.
    @discardableResult
    public func setConnectAutomatically(_ on: Bool, for role: RememberedDevice.Role) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE devices SET connect_automatically = ? WHERE role = ?", arguments: [on, role.rawValue])
            return db.changesCount > 0
        }
    }

    /// Forgets the device remembered for `role`; false when none was.
    @discardableResult
    public func forgetDevice(_ role: RememberedDevice.Role) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM devices WHERE role = ?", arguments: [role.rawValue])
            return db.changesCount > 0
        }
    }
}
