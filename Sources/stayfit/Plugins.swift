import Buttons
import CaloriesLeft
import Console
import FitnessSensors
import Goals
import GuidedWorkouts
import HeartRate
import HeartRateLog
import HubCore
import Location
import Music
import People
import Reminders
import Share
import Simulator
import Status
import VoiceCoach
import Web

/// Every plugin the hub can load, in start order. Listed explicitly: Swift has no side-effect registration.
let pluginRegistry = PluginRegistry([
    // Before every sensor: plugins stop in reverse order, so the log keeps what the sensors sent until they stopped.
    HeartRateLogPlugin.self,
    StatusPlugin.self,
    SimulatorPlugin.self,
    // Before the console and the coach: its routes then come first in `publish`, so they get a second's
    // GoalProgress before that second's WorkoutProgress, and show and say the goal's figure of the same second.
    GoalsPlugin.self,
    ConsolePlugin.self,
    HeartRatePlugin.self,
    FitnessSensorsPlugin.self,
    RemindersPlugin.self,
    ButtonsPlugin.self,
    MusicPlugin.self,
    VoiceCoachPlugin.self,
    LocationPlugin.self,
    // Off unless `[plugins.programs]` is there: follows the chosen program through each workout.
    GuidedWorkoutsPlugin.self,
    SharePlugin.self,
    // Whose the next workout is: `person Sam`, a button's next-person.
    PeoplePlugin.self,
    // After the workout engine's finish: says what is left to eat today.
    CaloriesLeftPlugin.self,
    // Off unless `[plugins.web]` is there: the live page and the phone's remote.
    WebPlugin.self,
])
