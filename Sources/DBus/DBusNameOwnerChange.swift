/// A change of owner of a bus name, from the bus's `NameOwnerChanged` signal.
///
/// For `org.bluez`: ``newOwner`` nil means bluetoothd left the bus and every object path is stale; a non-nil one
/// after that means it is back, so read the object tree (GetManagedObjects) and subscribe again.
public struct DBusNameOwnerChange: Sendable, Hashable, CustomStringConvertible {
    /// The name that changed hands, e.g. `org.bluez`.
    public var name: String
    /// The unique name of the previous owner, or nil if the name had none.
    public var oldOwner: String?
    /// The unique name of the new owner, or nil if the name is now unowned.
    public var newOwner: String?

    /// Creates a change; empty owner strings (as the bus sends them) become nil.
    public init(name: String, oldOwner: String?, newOwner: String?) {
        self.name = name
        self.oldOwner = oldOwner.flatMap { $0.isEmpty ? nil : $0 }
        self.newOwner = newOwner.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the name has an owner after this change.
    public var isOwned: Bool { newOwner != nil }

    /// E.g. `org.bluez: :1.4 → (none)`.
    public var description: String {
        "\(name): \(oldOwner ?? "(none)") → \(newOwner ?? "(none)")"
    }
}
