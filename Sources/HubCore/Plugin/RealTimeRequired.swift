/// A plugin that needs real time (`PluginCapabilities.needsRealTime`) was enabled on a hub clock that runs faster.
///
/// `stayfit run` reports it as a usage error (exit status 64): `--speed` and the plugin do not go together.
public struct RealTimeRequired: Error, CustomStringConvertible, Sendable, Equatable {
    /// The plugin that needs real time.
    public let plugin: PluginID
    /// Hub seconds per real second that were asked for.
    public let speed: Double

    public init(plugin: PluginID, speed: Double) {
        self.plugin = plugin
        self.speed = speed
    }

    public var description: String {
        "--speed \(speedText) runs the hub's clock faster than real time, which the \(plugin) plugin cannot "
            + "follow (it needs real time). Leave --speed out, or run with a configuration without [plugins.\(plugin)]."
    }

    /// "60" rather than "60.0"; "0.5" stays.
    private var speedText: String {
        speed.rounded() == speed && abs(speed) < 1e9 ? String(Int(speed)) : String(speed)
    }
}
