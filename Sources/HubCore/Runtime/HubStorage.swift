/// What the hub itself needs of its storage: the workout engine's log and the person's profile, and the store
/// watcher's change counters. `HubStore` is one.
///
/// The plugins get the same storage, opaque, and ask it for their own views (`PluginContext.store(_:)`).
public typealias HubStorage = WorkoutLog & ProfileSource & StoreChanges
