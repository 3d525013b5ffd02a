import Console
import HeartRate
import HubCore
import Location
import Simulator

/// Every plugin the hub can load, in start order. Listed explicitly: Swift has no side-effect registration.
let pluginRegistry = PluginRegistry([
    SimulatorPlugin.self,
    ConsolePlugin.self,
    HeartRatePlugin.self,
    LocationPlugin.self,
])
