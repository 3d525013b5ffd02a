import Buttons
import Console
import HeartRate
import HubCore
import Location
import Music
import Reminders
import Share
import Simulator
import VoiceCoach

/// Every plugin the hub can load, in start order. Listed explicitly: Swift has no side-effect registration.
let pluginRegistry = PluginRegistry([
    SimulatorPlugin.self,
    ConsolePlugin.self,
    HeartRatePlugin.self,
    RemindersPlugin.self,
    ButtonsPlugin.self,
    MusicPlugin.self,
    VoiceCoachPlugin.self,
    LocationPlugin.self,
    SharePlugin.self,
])
