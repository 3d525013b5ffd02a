import Foundation
import GATTSensors
import HubCore
import Synchronization

/// What the plugin's tasks share in one run: the connected machines' control points and where the workout stands.
final class SharedState: Sendable {
    private let controlPoints = Mutex<[String: ControlPointChannel]>([:])
    private let workout = Mutex(WorkoutState.idle)
    private let joining = Mutex<(@Sendable (WorkoutStateChanged) -> Void)?>(nil)

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

    /// Where a machine that connects is brought (the control loop's inbox): set once by the plugin's run.
    func whenAMachineJoins(_ send: @escaping @Sendable (WorkoutStateChanged) -> Void) {
        joining.withLock { $0 = send }
    }

    /// A machine's control point is ready: during a running workout it is started too, as if it had been there at
    /// the start (a trainer switched on, or back after a drop-out, mid-workout).
    func machineJoined() {
        guard workoutState == .running, let send = joining.withLock({ $0 }) else { return }
        send(WorkoutStateChanged(workoutID: nil, state: .running, previous: .idle))
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
