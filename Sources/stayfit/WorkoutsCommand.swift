import ArgumentParser
import Console
import Foundation
import HubCore
import HubStore
import Reports

struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts", abstract: "List, show, delete, export and import workouts.",
        subcommands: [List.self, Show.self, Delete.self, Export.self, Import.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List stored workouts, newest first.")
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Print JSON instead of a table.") var json = false
        @OptionGroup var days: DayRange
        @Option(
            help: ArgumentHelp(
                "Only workouts of this kind: run, walk, ride, indoor-ride, treadmill, row, strength or other.",
                valueName: "kind"))
        var kind: String?

        func validate() throws {
            if let kind {
                do { _ = try WorkoutKind(parsing: kind) } catch { throw ValidationError("--kind: \(error).") }
            }
        }

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                let range = try days.interval()
                let only = try kind.map { try WorkoutKind(parsing: $0) }
                var workouts: [Workout]
                if let range {
                    workouts = try await store.workouts(from: range.start, to: range.end).reversed()
                } else {
                    workouts = try await store.workouts()
                }
                if let only { workouts.removeAll { $0.kind != only } }
                if json { return print(try JSON.string(workouts)) }
                guard !workouts.isEmpty else {
                    let which = only.map { " of kind \($0)" } ?? ""
                    return print(
                        range == nil
                            ? (only == nil ? "No workouts yet. Try: stayfit demo" : "No workouts\(which).")
                            : "No workouts\(which) \(days.description).")
                }
                print(
                    pad("ID", 5) + pad("Started", 18) + pad("Kind", 13) + pad("Time", 9) + pad("Distance", 10)
                        + pad("Pace/speed", 12) + pad("Avg HR", 8) + pad("kcal", 6) + "Status")
                for workout in workouts {
                    let totals = workout.totals
                    print(
                        pad("\(workout.id)", 5) + pad(Format.dateTime(workout.startedAt), 18)
                            + pad(workout.kind.name, 13) + pad(Format.clock(seconds: totals.movingSeconds), 9)
                            + pad(Format.distance(meters: totals.distanceMeters), 10)
                            + pad(KindFigures.paceOrSpeed(totals.averageSpeedMetersPerSecond, of: workout.kind), 12)
                            + pad(totals.averageHeartRate.map { "\(Int($0.rounded()))" } ?? "--", 8)
                            + pad("\(Int(totals.kilocalories.rounded()))", 6)
                            + workout.status.rawValue + (workout.recovery.map { " (\($0) after a crash)" } ?? "")
                            + (workout.isSimulated ? " (simulated)" : ""))
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one workout with its laps, pauses, samples and program steps.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The workout's id, from 'stayfit workouts list'.") var id: WorkoutID
        @Flag(help: "Print JSON, with every per-second sample.") var json = false
        @OptionGroup var configOptions: ConfigOptions
        @Option(
            help: ArgumentHelp(
                "Also draw heart rate, pace or speed, elevation and the route as SVG into this file (-: standard "
                    + "output).", valueName: "file"))
        var svg: String?
        @OptionGroup var replace: ReplaceOption

        struct Detail: Encodable {
            var workout: Workout
            var laps: [WorkoutLap]
            var pauses: [WorkoutPause]
            var samples: [WorkoutSample]
            /// The steps of the program the workout followed, in order; empty without one.
            var programSteps: [WorkoutProgramStep]
        }

        func run() async throws {
            try await reportingErrors {
                try ReportArguments.checkOneStandardOutput(svg: svg, json: json)
                let say = ReportArguments.lines(besides: svg)
                let store = try storeOptions.openStore()
                guard let workout = try await store.workout(id) else {
                    throw CLIError("there is no workout \(id); 'stayfit workouts list' shows the stored ones")
                }
                let detail = await Detail(
                    workout: workout, laps: try store.laps(of: id), pauses: try store.pauses(of: id),
                    samples: try store.samples(of: id), programSteps: try store.programSteps(of: id))
                if json { return print(try JSON.string(detail)) }
                let units = UnitSystem(try configOptions.load().reports.units)
                let zones = try await ReportArguments.zones(store: store)
                if let svg {
                    let page = WorkoutPage(
                        workout: workout, samples: detail.samples, zones: zones, units: units,
                        elevationMeters: detail.samples.map(\.altitudeMeters), programSteps: detail.programSteps)
                    try ReportArguments.writeSVG(page.svg(), to: svg, ifExists: replace.ifExists(at: svg))
                }
                say(
                    "Workout \(workout.id), \(workout.status.rawValue)"
                        + (workout.recovery.map { " (\($0) after a crash)" } ?? "")
                        + (workout.isSimulated ? ", simulated" : ""))
                for row in WorkoutFigures.rows(workout, units: units) { say("  " + pad(row.label, 12) + row.value) }
                for lap in detail.laps {
                    say(
                        "  Lap \(lap.number)       \(Format.clock(seconds: lap.movingSeconds)), \(units.distance(meters: lap.distanceMeters))"
                    )
                }
                if !detail.pauses.isEmpty { say("  Pauses      \(detail.pauses.count)") }
                for line in WorkoutDetailLines.lines(samples: detail.samples, zones: zones, units: units) {
                    say(line)
                }
                say("  Samples     \(Format.counted(detail.samples.count, "second")) recorded (--json prints them)")
                for line in WorkoutProgramLines.lines(steps: detail.programSteps, units: units) { say(line) }
                if let svg { say(ReportArguments.pictureNote(svg)) }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete one workout with all its samples.",
            discussion: "The workout a running hub is recording cannot be deleted: stop the workout first.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The workout's id, from 'stayfit workouts list'.") var id: WorkoutID

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                // With the lock no hub runs, and none starts (and resumes the workout) until the delete is done.
                let lock: HubLock?
                do {
                    lock = try HubLock(directory: storeOptions.directory, purpose: .command)
                } catch let error as HubLockError {
                    // A hub runs: finished workouts are its history, safe to delete; an unfinished one is its
                    // live workout (it recovered any crashed one when it started).
                    if let workout = try await store.workout(id), workout.status != .finished {
                        guard error.purpose != .command else {
                            throw CLIError("not deleting workout \(id) now: \(error). Try again when it has finished.")
                        }
                        throw CLIError(
                            "not deleting workout \(id): \(error.holder) is recording it. Stop the workout first "
                                + "('stop' in the hub's console, or its button), then delete it.")
                    }
                    lock = nil
                }
                defer { withExtendedLifetime(lock) {} }
                try await store.deleteWorkout(id)
                print("Deleted workout \(id).")
            }
        }
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
