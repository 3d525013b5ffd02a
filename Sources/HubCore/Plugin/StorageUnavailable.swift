/// A plugin or the engine asked its context for a view of the storage (`PluginContext.store(_:)`) that the storage
/// it was given does not offer: a test that handed it the wrong in-memory store, or a store that lacks a conformance.
public struct StorageUnavailable: Error, CustomStringConvertible, Sendable, Equatable {
    /// The view asked for, e.g. "any ReminderBook".
    public let view: String
    /// The type of the storage that was given.
    public let storage: String

    public init(view: String, storage: any Sendable) {
        self.view = view
        self.storage = "\(type(of: storage))"
    }

    public var description: String {
        "the hub's storage (\(storage)) does not offer \(view); give the plugin a storage that conforms to it"
    }
}
