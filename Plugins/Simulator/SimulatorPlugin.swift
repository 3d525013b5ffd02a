import Foundation
import HubCore
import ServiceLifecycle
import Synchronization

/// Plays a recorded (CSV, GPX or TCX) or built-in synthetic workout as heart-rate, position and step messages — the
/// same messages the real sensors publish — in hub time, so `--speed 60` plays a minute a second.
public struct SimulatorPlugin: Plugin {
    public static let id: PluginID = "simulator"

    /// What happens when the recording has been played.
    public enum WhenDone: String, CaseIterable, Sendable {
        /// Play it again from the start. Steps keep counting; the jump back to the first position is dropped
        /// as a GPS glitch unless the route is a loop.
        case `repeat`
        /// Stop publishing; the hub goes on.
        case idle
        /// Shut the hub down (for the demo and scripted tests).
        case quit
    }

    /// Who starts and stops the workout.
    public enum WorkoutControl: String, CaseIterable, Sendable {
        /// The person does, with the console or buttons.
        case manual
        /// The simulator starts it with the recording and stops it at its end.
        case auto
    }

    public struct Configuration: PluginConfiguration {
        public var track: [SimulatedSecond]
        public var source: String
        public var whenDone: WhenDone
        public var workout: WorkoutControl
        /// The kind of the workout it starts (`workout = "auto"`; nil: `[workout] default-kind`), and of the built-in
        /// session: an indoor ride, a treadmill or a row plays that machine's sensors, strength a heart rate in sets; a walk
        /// or a ride goes round the outdoor loop at its own pace, any other kind runs it.
        public var kind: WorkoutKind?

        /// Reads and checks the recording here, not in `run()`: a bad file is a configuration error that
        /// `stayfit config check` must report with its line, before the hub starts.
        public init(_ table: ConfigTable) throws {
            var file = try table.string("file", default: "")
            // A relative path is relative to the configuration file, not to the working directory (which is
            // "/" under systemd). A configuration that is no file ("stayfit demo") names none, and the
            // working directory is taken, which is also where a relative configuration file's path starts.
            if !file.isEmpty, !file.hasPrefix("/") {
                file =
                    URL(fileURLWithPath: table.source.file).deletingLastPathComponent().appendingPathComponent(file)
                    .path
            }
            let minutes = try table.int("minutes", default: 30, in: 1...600)
            whenDone = try table.choice("when-done", default: WhenDone.repeat)
            workout = try table.choice("workout", default: WorkoutControl.manual)
            kind = try table.workoutKind("kind")
            if file.isEmpty, let kind, let session = SyntheticIndoorSession.make(kind: kind, minutes: minutes) {
                track = session
                source = "synthetic \(kind.name.lowercased()) (\(minutes) min)"
            } else if file.isEmpty {
                let gait = SyntheticRun.Gait.of(kind)
                track = SyntheticRun.make(minutes: minutes, gait: gait)
                source = "synthetic \(gait == .walk ? "walk" : gait == .ride ? "ride" : "run") (\(minutes) min)"
            } else if RecordedTrack.isWorkoutFile(file) {
                // Read as it streams, never whole: a long ride's GPX can be many megabytes.
                do {
                    track = try RecordedTrack.parseWorkoutFile(file)
                } catch let error as SimulatorError {
                    throw table.invalid(
                        "file", problem: "bad recording: \(error)",
                        fix: "Fix the file, or export the activity again from where it was recorded.")
                }
                source = file
            } else {
                let text: String
                do {
                    text = try TextFile.read(file, limit: RecordedTrack.largestFile)
                } catch {
                    throw table.invalid(
                        "file", problem: "cannot read \(Format.printable(file, limit: 200)): it \(error)",
                        fix:
                            "Give the path of a CSV recording (see Plugins/Simulator/README.md), or \"\" for the built-in run."
                    )
                }
                do {
                    track = try RecordedTrack.parse(text, file: file)
                } catch let error as SimulatorError {
                    throw table.invalid(
                        "file", problem: "bad recording: \(error)",
                        fix: "Fix the file; the format is in Plugins/Simulator/README.md.")
                }
                source = file
            }
        }
    }

    private let configuration: Configuration
    let context: PluginContext
    private let workoutStates: Inbox<WorkoutStateChanged>
    /// Takes targets for the simulated machine (a program's, the console's `target`); it delivers nothing.
    private let targets: Inbox<Never>
    private let trainer: SimulatedTrainer
    /// The simulated sensors' parts of "status now".
    let statusParts = SimulatedStatusParts()

    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        workoutStates = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "simulator")
        let trainer = SimulatedTrainer(track: configuration.track, kind: configuration.kind)
        self.trainer = trainer
        // Taken as it is published, on the publisher's thread, not from a task: at 300× a hub second is 3 ms, and a
        // task waiting for a busy pool would let the machine hold the old target for seconds of hub time.
        targets = context.bus.inbox(of: Never.self, subscriber: "simulator targets") {
            $0.route(MachineTarget.self) { target -> Never? in
                trainer.take(target.target)
                return nil
            }
        }
    }

    public func run() async throws {
        let bus = context.bus, clock = context.clock
        let track = configuration.track
        // In Double: a track built in code is not bounded as a parsed recording is, and Int arithmetic
        // on its offsets could overflow (a crash loop under systemd).
        guard let length = track.last.map({ Double($0.offset) + 1 }) else { return }
        context.logger.info(
            "simulating",
            metadata: ["source": "\(configuration.source)", "seconds": "\(Format.fixed(length, decimals: 0))"])
        if track.contains(where: { $0.heartRate != nil }) {
            publish(SensorStatusChanged(sensor: .heartRate, status: .connected, device: "simulator"))
        }
        if track.contains(where: { $0.latitude != nil }) {
            publish(SensorStatusChanged(sensor: .location, status: .connected, device: "simulator"))
        }
        if let indoor = track.first?.indoor {
            let machine =
                indoor.origin == .wheel ? "speed and cadence" : (configuration.kind ?? .other).name.lowercased()
            publish(SensorStatusChanged(sensor: .init(rawValue: machine), status: .connected, device: "simulator"))
            if indoor.origin == .wheel, indoor.powerWatts != nil {
                publish(SensorStatusChanged(sensor: .init(rawValue: "power"), status: .connected, device: "simulator"))
            }
        }
        let start = clock.instant, startLabel = clock.now
        // Commands carry the moment they belong to, so that a late wake-up on a busy machine (at 60×, a few
        // milliseconds are whole seconds) moves neither the start nor the stop of the recorded workout.
        if configuration.workout == .auto {
            bus.publish(WorkoutCommand(.start, at: start, kind: configuration.kind))
        }
        // The engine's finished workouts. A workout the simulator started and something else ended (a goal's
        // auto-stop, a stop command) ends the simulation: the demo is over when its workout is.
        let (finished, finishing) = AsyncStream.makeStream(of: Void.self)
        let flags = SimulationEnd()
        // On the clock's timer thread, as the workout engine is: each reading is published in the same wake-up that
        // its sleep ends in, ahead of the engine's tick for a later second. Through the pool, a reading of a second's
        // last half could reach the engine after that second had closed (at 60× a hub second is 17 ms), and fall
        // out of a workout the simulator had stopped.
        let automatic = configuration.workout == .auto
        let replay = Task(executorPreference: clock.timerExecutor) {
            try await cancelWhenGracefulShutdown {
                let stepsPerRound = track.last { $0.steps != nil }?.steps ?? 0
                var round = 0
                var stepsBefore = 0
                repeat {
                    for second in track {
                        // Half a second past the mark, so a reading never races the workout's second boundary.
                        let offset = Double(round) * length + Double(second.offset) + 0.5
                        try await clock.sleep(until: start + .seconds(offset))
                        publish(second, at: startLabel.addingTimeInterval(offset), stepsBefore: stepsBefore)
                    }
                    round += 1
                    stepsBefore = Self.saturatingSum(stepsBefore, stepsPerRound)
                } while configuration.whenDone == .repeat
                // At the end of the recording's last second: a recording of N seconds is a workout of N seconds.
                // Sent here, on the clock's thread right after the last reading, in the same wake-up: the engine takes
                // a command at the moment it carries, but a second it has closed stays closed, and sent from the
                // plugin's task on the pool a loaded machine let the engine's ticks for later seconds (on this
                // thread) go first: 10:01 and 10:09 for a 10-minute recording at 60×.
                if automatic, !flags.endedEarly.load(ordering: .acquiring) {
                    flags.stopSent.store(true, ordering: .releasing)
                    bus.publish(WorkoutCommand(.stop, at: start + .seconds(length)))
                }
            }
        }
        defer { targets.finish() }
        let states = workoutStates
        let forwarding = Task {
            for await state in states where state.state == .finished {
                if automatic, !flags.stopSent.load(ordering: .acquiring) {
                    flags.endedEarly.store(true, ordering: .releasing)
                    replay.cancel()
                }
                finishing.yield()
            }
            finishing.finish()
        }
        defer { forwarding.cancel() }
        do {
            try await withTaskCancellationHandler {
                try await replay.value
            } onCancel: {
                replay.cancel()
            }
        } catch is CancellationError where flags.endedEarly.load(ordering: .acquiring) {
            // Ended by the workout's end, not by the hub: goes on below.
        }
        if flags.endedEarly.load(ordering: .acquiring) {
            context.logger.info("the simulated workout ended before its recording; the simulation ends with it")
        } else if flags.stopSent.load(ordering: .acquiring) {
            await waitUntilFinished(finished)
        }
        // A run cancelled while it waited (a failure next to it, the hub going down) has not finished the simulation.
        if configuration.whenDone == .quit, !Task.isCancelled {
            bus.publish(ShutdownCommand(reason: "the simulation has finished"))
        }
    }

    /// Waits (at most 5 s of real time) until the workout engine has saved the stopped workout, so that the
    /// shutdown that follows does not overtake its announcement.
    private func waitUntilFinished(_ finished: AsyncStream<Void>) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var iterator = finished.makeAsyncIterator()
                _ = await iterator.next()
            }
            group.addTask { try? await Task.sleep(for: .seconds(5)) }
            await group.next()
            group.cancelAll()
        }
    }

    private func publish(_ second: SimulatedSecond, at date: Date, stepsBefore: Int) {
        let bus = context.bus
        // The machine first: the heart rate follows the effort it holds.
        let indoor = second.indoor.map { trainer.adjusted($0, offset: second.offset) }
        if let heartRate = second.indoor == nil ? second.heartRate : trainer.heartRate(recorded: second.heartRate) {
            // No beat-to-beat intervals: a recording of heart rates has none, and 60,000 / bpm would make an HRV
            // figure (2 ms in the demo) out of nothing. A simulated workout shows no HRV.
            publish(
                HeartRateMeasured(
                    beatsPerMinute: heartRate, contact: .contact, source: "simulator", timestamp: date,
                    isSimulated: true))
        }
        if let latitude = second.latitude, let longitude = second.longitude {
            publish(
                PositionMeasured(
                    latitude: latitude, longitude: longitude, altitudeMeters: second.altitudeMeters,
                    source: "simulator",
                    timestamp: date, isSimulated: true))
        }
        if let indoor { publish(indoor, at: date) }
        if let steps = second.steps {
            bus.publish(
                StepsCounted(
                    totalSteps: Self.saturatingSum(stepsBefore, steps), source: "simulator", timestamp: date,
                    isSimulated: true))
        }
    }

    /// An indoor second as the sensors of that machine publish it, each with its part of "status now".
    private func publish(_ indoor: IndoorReading, at date: Date) {
        publishMotion(
            SpeedMeasured(
                speedMetersPerSecond: indoor.speedMetersPerSecond, totalDistanceMeters: indoor.totalDistanceMeters,
                origin: indoor.origin, source: "simulator", timestamp: date, isSimulated: true))
        if let cadence = indoor.cadence {
            publishMotion(
                CadenceMeasured(
                    perMinute: cadence, origin: indoor.origin, source: "simulator", timestamp: date, isSimulated: true)
            )
        }
        if let watts = indoor.powerWatts {
            publishMotion(
                PowerMeasured(
                    watts: watts, origin: indoor.origin, source: "simulator", timestamp: date, isSimulated: true)
            )
        }
        if indoor.inclinePercent != nil || indoor.strokeCount != nil {
            context.bus.publish(
                MachineMeasured(
                    inclinePercent: indoor.inclinePercent, strokeCount: indoor.strokeCount, source: "simulator",
                    timestamp: date, isSimulated: true))
        }
    }

    /// `a + b`, or `Int.max`/`Int.min` where that overflows: a step count repeated for ever must not trap.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}

/// How the simulation ended, shared by its replay (on the clock's thread) and the task that follows the workout.
private final class SimulationEnd: Sendable {
    /// The simulator sent the stop at the end of its recording.
    let stopSent = Atomic<Bool>(false)
    /// The workout ended before the recording did (a goal's auto-stop, a stop command).
    let endedEarly = Atomic<Bool>(false)
}
