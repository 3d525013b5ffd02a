import HubCore
import Simulator

/// The simulator's id, for commands that switch it on.
enum SimulatorID {
    static let id = SimulatorPlugin.id
}
