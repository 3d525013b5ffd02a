import BluetoothSensors
import DBus
import Foundation
import GATTSensors
import HubCore

// `MachineTarget` to the connected machine's control point: request control, set the target, check the answer,
// and say it in plain words.
extension FitnessSensorsPlugin {
    /// Sends `target` to the connected machine and announces what came of it; never waits longer than
    /// `control-point-timeout-seconds` for an answer.
    func apply(_ target: MachineTarget) async {
        // A program says its own targets: without a machine to take them, it goes on with that alone.
        guard let channel = shared.controlPoint else {
            if target.origin == .person {
                say("No fitness machine with a control point is connected to \(Self.goal(target.target)).")
            }
            return
        }
        let machine = channel.noun
        guard channel.takes(target.target) else {
            // The machine's Fitness Machine Feature says it takes no such target: nothing is sent, and a program
            // (a target at each step, every 10 s along a ramp) has it said once.
            let text = "The \(machine) cannot be set to \(target.target.kindWords)."
            return say(text, aloud: target.origin == .person || channel.isFirstUntakeable(target.target))
        }
        // What the machine says it takes: a target outside its range would only be refused.
        let fitted = channel.fitted(target.target)
        let request = Self.request(for: fitted)
        let nearest = fitted == target.target ? "" : ", the nearest it takes to \(target.target.words)"
        do {
            if !channel.hasControl {
                guard let answer = try await answer(to: .requestControl, from: channel) else {
                    return notTaken(noAnswer(from: channel, to: .requestControl), target, channel)
                }
                guard answer.succeeded else {
                    return notTaken("The \(machine) refused: \(answer.result.words).", target, channel)
                }
                channel.hasControl = true
            }
            guard let answer = try await answer(to: request, from: channel) else {
                return notTaken(noAnswer(from: channel, to: request), target, channel)
            }
            if answer.succeeded {
                // A program's step said its target as it started; the machine's yes to each (every 10 s along a
                // ramp) would be chatter.
                say("The \(machine) took \(fitted.words)\(nearest).", aloud: target.origin == .person)
            } else {
                if answer.result == .controlNotPermitted { channel.hasControl = false }
                notTaken("The \(machine) refused: \(answer.result.words).", target, channel)
            }
        } catch let error as GATTSensorError {
            notTaken("The \(machine) cannot take \(target.target.words): \(error.detail).", target, channel)
        } catch let error as DBusError {
            notTaken("The \(machine) refused: \(error.message).", target, channel)
        } catch {
            notTaken("The \(machine) refused: \(error).", target, channel)
        }
    }

    /// Says that the machine did not take `target`: always to a person; for a program, only the first time on
    /// this connection in this workout.
    ///
    /// A program sends a target at each step and every 10 s along a ramp, and control is asked for again with each
    /// (another app may have let go of the trainer). A trainer that refuses (another app holds it) or never
    /// answers would otherwise be heard refusing every one of them to the end of the workout, over the program's
    /// own words; the program says its targets itself, so once is enough to know to ride by them. Each refusal is
    /// still logged.
    private func notTaken(_ text: String, _ target: MachineTarget, _ channel: ControlPointChannel) {
        say(text, aloud: target.origin == .person || channel.isFirstProgramRefusal())
    }

    /// The machine's answer to `request`, or nil when none came in time.
    func answer(
        to request: FitnessMachineControlPointRequest, from channel: ControlPointChannel
    ) async throws -> FitnessMachineControlPointResponse? {
        let clock = context.clock, timeout = configuration.controlPointTimeout
        do {
            return try await race(
                { try await channel.send(request) }, against: { try await clock.sleep(for: timeout) }
            ) { NoAnswer() }
        } catch is NoAnswer {
            return nil
        }
    }

    /// "The trainer did not answer within 5 seconds when asked to set the target power."
    func noAnswer(from channel: ControlPointChannel, to request: FitnessMachineControlPointRequest) -> String {
        let seconds = Format.counted(Int(configuration.controlPointTimeout.components.seconds), "second")
        return "The \(channel.noun) did not answer within \(seconds) when asked to \(request.action)."
    }

    /// The machine did not answer in time.
    private struct NoAnswer: Error {}

    /// Logs what came of a control point request (a target, a start or a stop), and says it when `aloud`.
    func say(_ text: String, aloud: Bool = true) {
        context.logger.info("fitness machine control point", metadata: ["result": "\(text)"])
        if aloud { context.bus.publish(Announcement(text, priority: .important)) }
    }

    /// The control point request for `target`.
    static func request(for target: MachineTarget.Target) -> FitnessMachineControlPointRequest {
        switch target {
        case .power(let watts): .setTargetPower(watts: watts)
        case .resistance(let level): .setTargetResistanceLevel(level)
        case .speed(let metersPerSecond): .setTargetSpeed(kilometersPerHour: metersPerSecond * 3.6)
        case .incline(let percent): .setTargetInclination(percent: percent)
        }
    }

    /// "take 200 watts", for the sentence saying no machine is there to.
    static func goal(_ target: MachineTarget.Target) -> String { "take \(target.words)" }
}
