import Foundation
import HubCore
import Programs

/// The plugin's state between messages: the chosen program and its run through the workout under way. Turns each
/// message into the messages to publish.
struct ProgramSession: Sendable {
    let settings: ProgramRun.Settings
    var chosen: ProgramLibraryEntry?
    var run: ProgramRun?
    /// What each step of the last finished or stopped run did.
    var lastRecords: [StepRecord] = []

    init(settings: ProgramRun.Settings) { self.settings = settings }

    mutating func choose(_ choice: ChooseProgram.Choice, from entries: [ProgramLibraryEntry]) -> [any BusMessage] {
        guard !entries.isEmpty else { return [Announcement("No programs to choose from.")] }
        switch choice {
        case .named(let name):
            guard let entry = entries.named(name) else { return [Announcement("No program called \(name).")] }
            chosen = entry
        case .next:
            let current = chosen.flatMap { chosen in entries.firstIndex { $0.id == chosen.id } }
            chosen = entries[current.map { ($0 + 1) % entries.count } ?? 0]
        }
        let name = chosen?.program.name ?? ""
        return [Announcement(run == nil ? "Program: \(name)." : "Program: \(name), from the next workout.")]
    }

    /// The chosen program as the library has it now, as a workout starts with it: edited since it was chosen
    /// (`stayfit programs edit`), the workout follows the edit; deleted, it follows none, and says so. With nil (the
    /// library could not be read) the choice stands.
    mutating func refreshChosen(from entries: [ProgramLibraryEntry]?) -> [any BusMessage] {
        guard let chosen, let entries else { return [] }
        if let current = entries.first(where: { $0.id == chosen.id }) {
            self.chosen = current
            return []
        }
        self.chosen = nil
        return [Announcement("Program \(chosen.program.name) was deleted: this workout follows none.")]
    }

    mutating func handle(_ action: ProgramCommand.Action) -> [any BusMessage] {
        guard run != nil else { return [Announcement("No program under way.")] }
        let command: ProgramRun.Command =
            switch action {
            case .done(let repetitions): .done(repetitions: repetitions)
            case .skip: .skip
            case .easier: .easier
            case .harder: .harder
            }
        return follow { $0.handle(command) }
    }

    /// - Parameter date: the wall-clock label of the change, for the steps' records.
    mutating func stateChanged(_ change: WorkoutStateChanged, at date: Date? = nil) -> [any BusMessage] {
        switch (change.previous, change.state) {
        case (.idle, .running), (.finished, .running):
            guard let chosen else { return [] }
            run = ProgramRun(program: chosen.program, settings: settings)
            return follow { $0.start(at: .init(moving: .zero, at: date)) }
        case (.running, .paused): return follow { $0.handle(.pause) }
        case (.paused, .running): return follow { $0.handle(.resume) }
        case (_, .finished), (_, .idle):
            if var stopped = run {
                stopped.stop(at: date)
                lastRecords = stopped.records
            }
            run = nil
            return []
        default: return []
        }
    }

    /// - Parameter date: the wall-clock label of `progress.at`, for the steps' records.
    mutating func progress(_ progress: WorkoutProgress, at date: Date? = nil) -> [any BusMessage] {
        let power =
            progress.threeSecondPowerWatts.map { Format.wholeNumber($0.rounded()) } ?? progress.currentPowerWatts
        let figures = ProgramRun.Figures(
            moving: progress.moving, distanceMeters: progress.totals.distanceMeters, powerWatts: power,
            heartRate: progress.currentHeartRate, at: date)
        return follow { $0.update(figures) }
    }

    /// Applies `change` to the run under way and turns what it returns into messages.
    private mutating func follow(_ change: (inout ProgramRun) -> [ProgramRun.Output]) -> [any BusMessage] {
        guard var current = run else { return [] }
        let outputs = change(&current)
        run = current
        var messages: [any BusMessage] = []
        for output in outputs {
            switch output {
            case .stepStarted(let number, let count, let text):
                let length: Duration? =
                    if case .time(let time) = current.steps[number - 1].length { time } else { nil }
                messages.append(
                    ProgramStepStarted(
                        program: current.program.name, number: number, count: count, text: text,
                        endsWhenDone: current.steps[number - 1].length == .done, length: length))
            case .say(let text): messages.append(Announcement(text))
            case .target(let target): messages.append(MachineTarget(target, origin: .program))
            case .finished:
                messages.append(ProgramFinished(program: current.program.name))
                lastRecords = current.records
                run = nil
            }
        }
        return messages
    }
}
