/// What the hub must know about a kind of plugin to run it well, declared on the plugin type.
///
/// The hub reads these instead of special-casing plugins by name: where a plugin stops in a shutdown, and whether
/// it can run on a clock that runs faster than real time. Most plugins declare none.
///
/// ```swift
/// public struct VoiceCoachPlugin: Plugin {
///     public static let capabilities: PluginCapabilities = [.presentsToPerson]
///     …
/// }
/// ```
public struct PluginCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// It follows real time (a Bluetooth strap's beats, a GPS fix a second): the hub refuses to run it on a sped-up
    /// clock (`stayfit run --speed`), since its timeouts and backoffs would shrink with the clock.
    public static let needsRealTime = PluginCapabilities(rawValue: 1 << 0)

    /// It shows or speaks to the person (a front end, an output such as a voice coach). On shutdown it stops after
    /// the workout engine has finished and saved the workout, so the finished workout's summary still reaches the
    /// person; it gets a bounded time to say what was published before its own stop. Every other plugin stops
    /// before the engine, so that the engine has seen all of its readings and commands.
    public static let presentsToPerson = PluginCapabilities(rawValue: 1 << 1)

    /// It is part of what the hub does out of the box (goals, the all-day heart-rate log, "status now", share text):
    /// it runs with its defaults when the file has no `[plugins.<id>]` table for it, and `enabled = false` in that
    /// table switches it off. Every other plugin runs only when its table is there.
    public static let onByDefault = PluginCapabilities(rawValue: 1 << 2)
}

extension PluginCapabilities: CustomStringConvertible {
    public var description: String {
        let names = [
            (Self.needsRealTime, "needs real time"), (Self.presentsToPerson, "presents to the person"),
            (Self.onByDefault, "on by default"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
