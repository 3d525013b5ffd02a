import BluetoothSensors
import GATTSensors
import HubCore
import Synchronization

/// A connected machine's Fitness Machine Control Point: writes a request and waits for the indication that answers
/// it, which comes through the session's signals (or before the write's own reply: BlueZ sends both as they come).
///
/// Requests go one at a time (the plugin's control loop, `sendInOrder`, is their only caller); an answer to another
/// op code (a late answer to a request that timed out) is ignored.
final class ControlPointChannel: Sendable {
    /// One request's wait for its answer.
    private final class Waiter: Sendable {
        private enum State {
            case waiting(CheckedContinuation<FitnessMachineControlPointResponse?, Never>?)
            case answered(FitnessMachineControlPointResponse)
            case over
        }

        let opCode: UInt8
        private let state = Mutex(State.waiting(nil))

        init(opCode: UInt8) { self.opCode = opCode }

        /// Hands over the answer (the first one counts).
        func answer(_ response: FitnessMachineControlPointResponse?) {
            let continuation = state.withLock {
                state -> CheckedContinuation<FitnessMachineControlPointResponse?, Never>? in
                switch state {
                case .waiting(let continuation):
                    if let continuation {
                        state = .over
                        return continuation
                    }
                    if let response { state = .answered(response) } else { state = .over }
                    return nil
                case .answered, .over:
                    return nil
                }
            }
            continuation?.resume(returning: response)
        }

        /// The answer, or nil when the wait was cancelled (the caller's timeout).
        func wait() async -> FitnessMachineControlPointResponse? {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> FitnessMachineControlPointResponse?? in
                        switch state {
                        case .waiting:
                            state = .waiting(continuation)
                            return .none
                        case .answered(let response):
                            state = .over
                            return .some(response)
                        case .over:
                            return .some(nil)
                        }
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                answer(nil)
            }
        }
    }

    /// The targets the machine says it takes (read once after connecting); nil for what it does not say.
    struct Ranges: Sendable, Equatable {
        var speedKilometersPerHour: SupportedRange?
        var inclinationPercent: SupportedRange?
        var resistanceLevel: SupportedRange?
        var powerWatts: SupportedRange?
    }

    let path: String
    let session: BlueZSession
    let machineType: MachineType?
    /// What the machine says it measures and which targets it takes; nil when it did not say.
    let feature: FitnessMachineFeature?
    let ranges: Ranges
    private let current = Mutex<Waiter?>(nil)
    private let inControl = Mutex(false)
    private let programRefusalSaid = Mutex(false)
    private let untakeableSaid = Mutex<Set<String>>([])
    private let run = Mutex<MachineRun?>(nil)
    private let startsAndStops = Mutex(true)

    /// Where the machine's session is.
    enum MachineRun: Sendable, Equatable {
        case started, paused, stopped
    }

    init(
        path: String, session: BlueZSession, machineType: MachineType?, feature: FitnessMachineFeature? = nil,
        ranges: Ranges = Ranges()
    ) {
        self.path = path
        self.session = session
        self.machineType = machineType
        self.feature = feature
        self.ranges = ranges
    }

    /// Whether the machine takes targets of `target`'s kind: what its Fitness Machine Feature says, or (when it
    /// said nothing) yes, and the machine answers for itself.
    func takes(_ target: MachineTarget.Target) -> Bool {
        feature?.takes(target) ?? true
    }

    /// Reads the machine's supported ranges from `characteristics`; one that cannot be read or decoded stays nil
    /// (the machine then says itself what it refuses).
    static func readRanges(
        _ characteristics: [(path: String, characteristic: GATTCharacteristic)], with session: BlueZSession
    ) async -> Ranges {
        var ranges = Ranges()
        for (path, characteristic) in characteristics {
            guard let bytes = await session.read(path) else { continue }
            switch characteristic {
            case .supportedSpeedRange: ranges.speedKilometersPerHour = try? .speedKilometersPerHour(decoding: bytes)
            case .supportedInclinationRange: ranges.inclinationPercent = try? .inclinationPercent(decoding: bytes)
            case .supportedResistanceLevelRange: ranges.resistanceLevel = try? .resistanceLevel(decoding: bytes)
            case .supportedPowerRange: ranges.powerWatts = try? .powerWatts(decoding: bytes)
            default: break
            }
        }
        return ranges
    }

    /// `target` moved to the nearest the machine takes (within its range, on its increment), when it says.
    func fitted(_ target: MachineTarget.Target) -> MachineTarget.Target {
        switch target {
        case .power(let watts):
            return .power(watts: ranges.powerWatts.map { Int($0.nearestSupported(Double(watts)).rounded()) } ?? watts)
        case .resistance(let level):
            return .resistance(level: ranges.resistanceLevel?.nearestSupported(level) ?? level)
        case .speed(let metersPerSecond):
            guard let range = ranges.speedKilometersPerHour else { return target }
            return .speed(metersPerSecond: range.nearestSupported(metersPerSecond * 3.6) / 3.6)
        case .incline(let percent):
            return .incline(percent: ranges.inclinationPercent?.nearestSupported(percent) ?? percent)
        }
    }

    /// How sentences name the machine: "trainer", "treadmill" …
    var noun: String { machineType?.noun ?? "machine" }

    /// Whether the machine granted control on this connection (and has not said it lost it since).
    var hasControl: Bool {
        get { inControl.withLock { $0 } }
        set { inControl.withLock { $0 = newValue } }
    }

    /// Where the machine's session is, as it last said (its own buttons) or last agreed to; nil until then.
    var machineRun: MachineRun? {
        get { run.withLock { $0 } }
        set { run.withLock { $0 = newValue } }
    }

    /// False once the machine answered "not supported" to a start or a stop on this connection.
    var startStopSupported: Bool {
        get { startsAndStops.withLock { $0 } }
        set { startsAndStops.withLock { $0 = newValue } }
    }

    /// Whether `request` (a start, pause or stop) would change where the machine is: not when it is there already
    /// or cannot be started and stopped this way.
    func needs(_ request: FitnessMachineControlPointRequest) -> Bool {
        guard startStopSupported else { return false }
        // A treadmill's belt is never set moving from afar: whoever stands on it starts it at the treadmill, with
        // its safety key. Pausing and stopping it with the workout is safe, and stays.
        if request == .startOrResume && machineType == .treadmill { return false }
        switch (request, machineRun) {
        case (.startOrResume, .started), (.stopOrPause(.pause), .paused), (.stopOrPause(.pause), .stopped),
            (.stopOrPause(.stop), .stopped):
            return false
        default:
            return true
        }
    }

    /// Whether this is the first time, on this connection and in this workout, that the machine did not take a
    /// program's target; notes that it is no longer the first.
    func isFirstProgramRefusal() -> Bool {
        programRefusalSaid.withLock { said in
            defer { said = true }
            return !said
        }
    }

    /// Whether this is the first time, on this connection and in this workout, that a program's target of
    /// `target`'s kind could not be sent because the machine takes none; notes that it is no longer the first.
    func isFirstUntakeable(_ target: MachineTarget.Target) -> Bool {
        untakeableSaid.withLock { $0.insert(target.kindWords).inserted }
    }

    /// A workout ended: the next one's first refusal is said again.
    func forgetProgramRefusal() {
        programRefusalSaid.withLock { $0 = false }
        untakeableSaid.withLock { $0 = [] }
    }

    /// Takes an indication of the control point.
    func receive(_ response: FitnessMachineControlPointResponse) {
        let waiter = current.withLock { $0 }
        guard let waiter, waiter.opCode == response.requestOpCode else { return }
        waiter.answer(response)
    }

    /// Writes `request` and returns the machine's answer, or nil when the wait is cancelled (a timeout).
    ///
    /// - Throws: `GATTSensorError` when the request cannot be encoded; `DBusError` when BlueZ refuses the write.
    func send(_ request: FitnessMachineControlPointRequest) async throws -> FitnessMachineControlPointResponse? {
        let bytes = try request.encoded()
        let waiter = Waiter(opCode: request.opCode)
        // Waiting before writing: the answer may come before the write's reply.
        current.withLock { $0 = waiter }
        defer { current.withLock { if $0 === waiter { $0 = nil } } }
        try await session.write(path, value: bytes)
        return await waiter.wait()
    }
}
