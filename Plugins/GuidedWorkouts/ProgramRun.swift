import Foundation
import HubCore
import Programs

/// A program followed through a workout: fed the workout's figures each second and the person's commands, it
/// says, in order, what to announce and which target to send.
///
/// A value with no clock and no bus: the plugin feeds it `WorkoutProgress` figures and `ProgramCommand`s and
/// publishes what it returns. Its time is the workout's moving time while not paused; distance intervals follow
/// the workout's distance.
///
/// ```swift
/// var run = ProgramRun(program: program, settings: .init(ftpWatts: 230))
/// var outputs = run.start(at: figures)        // "Warm-up: 10 minutes, …", a power target
/// outputs = run.update(nextSecondsFigures)   // countdowns, cues, the next step
/// outputs = run.handle(.done(repetitions: 8))
/// ```
public struct ProgramRun: Sendable {
    /// What the person set that the program's targets depend on.
    public struct Settings: Sendable, Equatable {
        /// Functional threshold power, for targets in % of FTP; without it those targets send nothing.
        public var ftpWatts: Int?
        /// Maximum heart rate, for heart-rate zones (zone n is 40 + 10n to 50 + 10n % of it); without it, no
        /// heart-rate cues.
        public var maxHeartRate: Int?

        public init(ftpWatts: Int? = nil, maxHeartRate: Int? = nil) {
            self.ftpWatts = ftpWatts
            self.maxHeartRate = maxHeartRate
        }
    }

    /// The workout's figures at one moment.
    public struct Figures: Sendable, Equatable {
        public var moving: Duration
        public var distanceMeters: Double
        public var powerWatts: Int?
        public var heartRate: Int?
        /// The wall-clock label of the moment the figures stand at, as the workout's seconds are labelled: it only
        /// labels the steps' records (``StepRecord/startedAt``); the run's time is `moving`.
        public var at: Date?

        public init(
            moving: Duration, distanceMeters: Double = 0, powerWatts: Int? = nil, heartRate: Int? = nil,
            at: Date? = nil
        ) {
            self.moving = moving
            self.distanceMeters = distanceMeters
            self.powerWatts = powerWatts
            self.heartRate = heartRate
            self.at = at
        }
    }

    /// What the person or the workout asks of the run.
    public enum Command: Sendable, Equatable {
        /// Ends a set (with the repetitions made) or any other step early.
        case done(repetitions: Int?)
        case skip
        /// All targets 5 % lower, or higher.
        case easier, harder
        /// The program's clocks stop, and start again.
        case pause, resume
    }

    /// One thing to do, in order.
    public enum Output: Sendable, Equatable {
        /// Step `number` of `count` started; `text` is what is said of it.
        case stepStarted(number: Int, count: Int, text: String)
        case say(String)
        case target(MachineTarget.Target)
        /// The last step ended.
        case finished
    }

    /// The shift of every power target per `easier` or `harder`, in percent.
    public static let shiftStep = 5
    /// A ramp's target is sent again after this much time along it.
    public static let rampInterval: Duration = .seconds(10)
    /// Intervals at least this long get "Halfway".
    public static let halfwayMinimum: Duration = .seconds(120)

    public let program: Program
    public let steps: [RunStep]
    public let settings: Settings
    /// The step under way; `steps.count` once finished.
    public private(set) var index = 0
    /// What was done in each step that has ended.
    public private(set) var records: [StepRecord] = []
    public private(set) var isPaused = false
    public private(set) var isStarted = false
    /// The sum of every `easier` (−5) and `harder` (+5), in percent.
    public private(set) var shiftPercent = 0

    var last: Figures?
    /// The program's time since it started, paused time not counted.
    var programTime: Duration = .zero
    var step = StepState()
    var cues = CueState()

    /// A run of `program`, not started.
    public init(program: Program, settings: Settings = Settings()) {
        self.program = program
        self.steps = RunStep.flatten(program.steps)
        self.settings = settings
    }

    public var isFinished: Bool { isStarted && index >= steps.count }

    /// Starts the first step at the workout's `figures`.
    public mutating func start(at figures: Figures) -> [Output] {
        guard !isStarted else { return [] }
        isStarted = true
        last = figures
        guard !steps.isEmpty else { return [.finished] }
        return begin(0)
    }

    /// One more of the workout's seconds (or several): counts down, cues, and moves on when a step is done.
    public mutating func update(_ figures: Figures) -> [Output] {
        guard isStarted, !isFinished else { return [] }
        let previous = last ?? figures
        last = figures
        guard !isPaused else { return [] }
        let elapsed = max(.zero, figures.moving - previous.moving)
        let distance = max(0, figures.distanceMeters - previous.distanceMeters)
        guard elapsed > .zero || distance > 0 else { return [] }
        programTime += elapsed
        step.time += elapsed
        step.distanceMeters += distance
        let seconds = elapsed.seconds
        if let power = figures.powerWatts, seconds > 0 { step.power.add(Double(power), weight: seconds) }
        if let heartRate = figures.heartRate, seconds > 0 { step.heartRate.add(Double(heartRate), weight: seconds) }

        var outputs: [Output] = []
        if isStepDone {
            outputs += end(.completed, repetitions: nil)
            return outputs
        }
        outputs += timeCues()
        outputs += rampTarget()
        outputs += figureCues(figures)
        return outputs
    }

    /// The person's (or the workout's) command.
    public mutating func handle(_ command: Command) -> [Output] {
        guard isStarted, !isFinished else { return [] }
        switch command {
        case .done(let repetitions): return end(.completed, repetitions: repetitions)
        case .skip: return end(.skipped, repetitions: nil)
        case .easier, .harder:
            shiftPercent += command == .easier ? -Self.shiftStep : Self.shiftStep
            shiftPercent = min(50, max(-50, shiftPercent))
            let text =
                shiftPercent == 0
                ? "Targets as planned"
                : "Targets \(abs(shiftPercent)) percent \(shiftPercent < 0 ? "easier" : "harder")"
            cues.reset()
            var outputs: [Output] = [.say(text)]
            if let watts = currentTargetWatts {
                step.lastTargetWatts = watts
                step.lastRampAt = step.time
                outputs.append(.target(.power(watts: watts)))
            }
            // The incline stays as planned: only the speed is a treadmill's effort to shift.
            outputs += treadmillTargets.filter { if case .speed = $0 { true } else { false } }.map { .target($0) }
            return outputs
        case .pause:
            isPaused = true
            cues.reset()
            return []
        case .resume:
            isPaused = false
            return []
        }
    }

    /// Ends the run where it is (the workout stopped): the step under way is kept as stopped.
    ///
    /// - Parameter date: the wall-clock label of the stop, the stopped step's end; nil ends it at the last figures.
    public mutating func stop(at date: Date? = nil) {
        guard isStarted, !isFinished else { return }
        var stopped = record(.stopped, repetitions: nil)
        if let date { stopped.endedAt = date }
        records.append(stopped)
        index = steps.count
    }

    // MARK: - Steps

    private var isStepDone: Bool {
        switch steps[index].length {
        case .done: false
        case .time(let time): step.time >= time
        case .distance(let meters): step.distanceMeters >= meters
        }
    }

    private mutating func begin(_ newIndex: Int) -> [Output] {
        index = newIndex
        step = StepState()
        // A step starts where the one before ended, at the figures that ended it.
        step.startedAt = last?.at
        cues.reset()
        guard index < steps.count else {
            return [.say("\(Spoken.capitalised(program.name)) done. Well done!"), .finished]
        }
        let text = announcement(of: steps[index])
        var outputs: [Output] = [.stepStarted(number: index + 1, count: steps.count, text: text), .say(text)]
        if let watts = currentTargetWatts {
            step.lastTargetWatts = watts
            outputs.append(.target(.power(watts: watts)))
        }
        outputs += treadmillTargets.map { .target($0) }
        return outputs
    }

    private mutating func end(_ outcome: StepRecord.Outcome, repetitions: Int?) -> [Output] {
        records.append(record(outcome, repetitions: repetitions))
        return begin(index + 1)
    }

    private func record(_ outcome: StepRecord.Outcome, repetitions: Int?) -> StepRecord {
        let current = steps[index]
        var plannedTime: Duration?, plannedDistance: Double?
        switch current.length {
        case .done: break
        case .time(let time): plannedTime = time
        case .distance(let meters): plannedDistance = meters
        }
        var weight: Double?
        if case .set(let exercise, _) = current.kind { weight = exercise.weightKilograms }
        return StepRecord(
            number: index + 1, title: announcement(of: current), plannedRepetitions: current.plannedRepetitions,
            repetitions: current.plannedRepetitions == nil || outcome == .skipped
                ? nil : repetitions ?? (outcome == .completed ? current.plannedRepetitions : nil),
            plannedTime: plannedTime, plannedDistanceMeters: plannedDistance, time: step.time,
            distanceMeters: step.distanceMeters, averagePowerWatts: step.power.average,
            averageHeartRate: step.heartRate.average, outcome: outcome, plannedWeightKilograms: weight,
            plannedPowerStartWatts: targetWatts(at: 0), plannedPowerEndWatts: targetWatts(at: 1),
            startedAt: step.startedAt, endedAt: last?.at)
    }

    // MARK: - Targets

    /// The power target of the step under way now, shifted by `easier`/`harder`; nil without one (or without the
    /// FTP a target in % of FTP needs).
    var currentTargetWatts: Int? { targetWatts(at: fractionDone) }

    /// The power target of the step under way `fraction` (0 to 1) along its length: a ramp's changes, any other
    /// stays.
    private func targetWatts(at fraction: Double) -> Int? {
        guard index < steps.count, let intensity = steps[index].target?.intensity else { return nil }
        let planned: Double
        switch intensity {
        case .power(let watts): planned = Double(watts)
        case .ftp(let percent):
            guard let ftp = settings.ftpWatts else { return nil }
            planned = Double(ftp) * percent / 100
        case .ftpRamp(let from, let to):
            guard let ftp = settings.ftpWatts else { return nil }
            planned = Double(ftp) * (from + (to - from) * fraction) / 100
        default: return nil
        }
        return max(1, Format.wholeNumber((planned * Double(100 + shiftPercent) / 100).rounded()))
    }

    /// How far along its length the step under way is, 0 to 1 (0 for a set that ends with `done`).
    private var fractionDone: Double {
        switch steps[index].length {
        case .done: 0
        case .time(let time): time > .zero ? min(1, step.time.seconds / time.seconds) : 1
        case .distance(let meters): meters > 0 ? min(1, step.distanceMeters / meters) : 1
        }
    }

    private mutating func rampTarget() -> [Output] {
        guard case .ftpRamp = steps[index].target?.intensity, step.time - step.lastRampAt >= Self.rampInterval
        else { return [] }
        step.lastRampAt = step.time
        guard let watts = currentTargetWatts, watts != step.lastTargetWatts else { return [] }
        step.lastTargetWatts = watts
        return [.target(.power(watts: watts))]
    }
}

/// Where a run is in its step under way.
struct StepState: Sendable {
    /// The wall-clock label of the figures it started at.
    var startedAt: Date?
    var time: Duration = .zero
    var distanceMeters: Double = 0
    var power = Average()
    var heartRate = Average()
    var lastTargetWatts: Int?
    var lastRampAt: Duration = .zero
    /// The time cues already said: "10 seconds", the countdown, "Halfway", the interval's messages by index.
    var saidTen = false
    var saidCountdown = false
    var saidHalfway = false
    var saidMessages: Set<Int> = []
}

/// A time-weighted average.
struct Average: Sendable {
    private var sum = 0.0
    private var weight = 0.0

    mutating func add(_ value: Double, weight: Double) {
        sum += value * weight
        self.weight += weight
    }

    var average: Int? { weight > 0 ? Format.wholeNumber((sum / weight).rounded()) : nil }
}
