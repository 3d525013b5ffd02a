import BluetoothSensors
import DBus
import GATTSensors
import HubCore

// The workout starts, pauses, resumes and stops the connected machine through its control point: Start or Resume
// (0x07), Stop or Pause (0x08, 0x01 stop, 0x02 pause), each after Request Control succeeded, each answer checked.
extension FitnessSensorsPlugin {
    /// What the control point is asked, one request at a time in the order they reach the plugin: its answers
    /// come one at a time too.
    ///
    /// A program's first target may reach it just before the start it answers (the bus hands a message to each
    /// subscriber in turn, and the program may publish before the plugin is handed the start); a machine takes a
    /// target before its start as well as after.
    enum ControlRequest: Sendable {
        case target(MachineTarget)
        case workout(WorkoutStateChanged)
    }

    /// Takes the control point's requests in order until cancelled.
    func sendInOrder(_ requests: Inbox<ControlRequest>) async {
        for await request in requests {
            switch request {
            case .target(let target):
                await apply(target)
            case .workout(let change):
                await move(with: change)
                // Here, after the stop and whatever was said of it: the next workout's first refusal is said again.
                if change.state == .finished || change.state == .idle { shared.forgetRefusals() }
            }
        }
    }

    /// Brings the connected machine where the workout now is: started when it runs, paused when it pauses, stopped
    /// when it ends.
    ///
    /// Nothing is sent when the machine is there already (its own buttons paused the workout), or it answered
    /// "not supported" before on this connection. A refusal or no answer is logged, and said once on a connection
    /// in a workout, as a program's refused target is: the workout goes on either way.
    func move(with change: WorkoutStateChanged) async {
        guard let channel = shared.controlPoint, let request = Self.request(for: change),
            channel.needs(request)
        else { return }
        let machine = channel.noun
        let verb = request == .startOrResume && change.previous == .paused ? "resume" : request.action
        do {
            if !channel.hasControl {
                guard let answer = try await answer(to: .requestControl, from: channel) else {
                    return notMoved(noAnswer(from: channel, to: .requestControl), channel)
                }
                guard answer.succeeded else {
                    return notMoved("The \(machine) refused: \(answer.result.words).", channel)
                }
                channel.hasControl = true
            }
            guard let answer = try await answer(to: request, from: channel) else {
                return notMoved(noAnswer(from: channel, to: request), channel)
            }
            switch answer.result {
            case .success:
                channel.machineRun = Self.run(after: request)
                context.logger.info("fitness machine moved with the workout", metadata: ["request": "\(verb)"])
            case .notSupported:
                // A machine that cannot be started or stopped this way says so once: asking again is no use.
                channel.startStopSupported = false
                context.logger.info("the fitness machine cannot be started or stopped by the hub")
            default:
                if answer.result == .controlNotPermitted { channel.hasControl = false }
                notMoved("The \(machine) refused to \(verb): \(answer.result.words).", channel)
            }
        } catch let error as DBusError {
            notMoved("The \(machine) refused to \(verb): \(error.message).", channel)
        } catch {
            notMoved("The \(machine) refused to \(verb): \(error).", channel)
        }
    }

    /// Says what the machine did not do: logged each time, aloud only the first time on this connection in this
    /// workout (with a refused target of a program).
    private func notMoved(_ text: String, _ channel: ControlPointChannel) {
        say(text, aloud: channel.isFirstProgramRefusal())
    }

    /// The request that brings a machine where a workout in `change.state` is; nil when there is none (idle).
    static func request(for change: WorkoutStateChanged) -> FitnessMachineControlPointRequest? {
        switch change.state {
        case .running: .startOrResume
        case .paused: .stopOrPause(.pause)
        case .finished: .stopOrPause(.stop)
        case .idle: nil
        }
    }

    /// Where the machine is once it said yes to `request`.
    static func run(after request: FitnessMachineControlPointRequest) -> ControlPointChannel.MachineRun? {
        switch request {
        case .startOrResume: .started
        case .stopOrPause(.pause): .paused
        case .stopOrPause(.stop): .stopped
        default: nil
        }
    }
}
