import Foundation
import GATTSensors
import HubCore
import Synchronization

/// What the plugin's tasks share in one run: the connected machines' control points and where the workout stands.
final class SharedState: Sendable {
    private let controlPoints = Mutex<[String: ControlPointChannel]>([:])
    private let workout = Mutex(WorkoutState.idle)

    /// The workout's state, as the engine last said.
    var workoutState: WorkoutState {
        get { workout.withLock { $0 } }
        set { workout.withLock { $0 = newValue } }
    }

    /// The control point of the connected machine (the first by address when there are several).
    var controlPoint: ControlPointChannel? {
        controlPoints.withLock { channels in channels.keys.sorted().first.flatMap { channels[$0] } }
    }

    func setControlPoint(_ channel: ControlPointChannel?, for address: String) {
        controlPoints.withLock { $0[address] = channel }
    }

    /// The engine said where the workout stands.
    func workoutChanged(_ change: WorkoutStateChanged) {
        workoutState = change.state
    }

    /// A workout ended: the machines' refusals of a program's targets (or of a start or stop) may be said again in
    /// the next.
    func forgetRefusals() {
        for channel in controlPoints.withLock({ Array($0.values) }) { channel.forgetProgramRefusal() }
    }
}

/// One connection's decoder, shared by its socket threads and its signal task.
final class DecoderBox: Sendable {
    private let decoder: Mutex<SensorDecoder>

    init(_ decoder: SensorDecoder) { self.decoder = Mutex(decoder) }

    func decode(
        _ payload: [UInt8], of characteristic: GATTCharacteristic, at hubTime: Duration, source: String,
        timestamp: Date
    ) throws(GATTSensorError) -> [SensorDecoder.Reading] {
        try decoder.withLock { decoder throws(GATTSensorError) in
            try decoder.decode(payload, of: characteristic, at: hubTime, source: source, timestamp: timestamp)
        }
    }
}
