import HubCore
import Reports

/// The part of `stayfit workouts show` that lists the steps of the program the workout followed: a small table
/// with each step's number and title, what was done of what was planned, the power beside its target, the heart
/// rate, and how the step ended.
///
/// ```
///   Program     4 x 4 min VO2max
///     3  Interval 1 of 4: 4 minutes, 276 watts   4:00 of 4:00   271 W (planned 276)   HR 168   done
/// ```
enum WorkoutProgramLines {
    static func lines(steps: [WorkoutProgramStep], units: UnitSystem) -> [String] {
        guard let first = steps.first else { return [] }
        // One program per workout; a name that changed between steps (never, today) is said where it changes.
        var lines = ["  Program     \(first.program)"]
        var rows: [[String]] = []
        var program = first.program
        for step in steps {
            if step.program != program {
                lines += table(rows)
                rows = []
                program = step.program
                lines.append("  Program     \(program)")
            }
            rows.append(
                ["\(step.number)", step.title, done(step, units: units), power(step), heartRate(step), outcome(step)])
        }
        return lines + table(rows)
    }

    /// What was done of what was planned: `8 of 10 reps at 60 kg, 0:40`, `3:40 of 4:00`, `0.98 km of 1.00 km`.
    static func done(_ step: WorkoutProgramStep, units: UnitSystem) -> String {
        var work: [String] = []
        if let planned = step.plannedRepetitions {
            let made = step.repetitions.map { "\($0) of " } ?? ""
            work.append(made + Format.counted(planned, "rep"))
        }
        if let weight = step.plannedWeightKilograms {
            work.append("at \(Format.fixed(weight, decimals: weight.rounded() == weight ? 0 : 1)) kg")
        }
        let time = Format.clock(seconds: Format.wholeNumber(step.seconds.rounded()))
        let length =
            if let meters = step.plannedDistanceMeters {
                "\(units.distance(meters: step.distanceMeters)) of \(units.distance(meters: meters))"
            } else if let seconds = step.plannedSeconds {
                "\(time) of \(Format.clock(seconds: Format.wholeNumber(seconds.rounded())))"
            } else {
                time
            }
        return [work.joined(separator: " "), length].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// `271 W (planned 276)`, `planned 138–276 W` without a measurement, or nothing.
    static func power(_ step: WorkoutProgramStep) -> String {
        var planned: String?
        if let start = step.plannedPowerStartWatts {
            let end = step.plannedPowerEndWatts ?? start
            planned = end == start ? "\(start)" : "\(start)–\(end)"
        }
        switch (step.averagePowerWatts, planned) {
        case (let watts?, let planned?): return "\(watts) W (planned \(planned))"
        case (let watts?, nil): return "\(watts) W"
        case (nil, let planned?): return "planned \(planned) W"
        case (nil, nil): return ""
        }
    }

    static func heartRate(_ step: WorkoutProgramStep) -> String {
        step.averageHeartRate.map { "HR \($0)" } ?? ""
    }

    static func outcome(_ step: WorkoutProgramStep) -> String {
        switch step.outcome {
        case .completed: "done"
        case .skipped: "skipped"
        case .stopped: "stopped with the workout"
        }
    }

    /// The rows with each column as wide as its widest cell, a column empty in every row left out.
    private static func table(_ rows: [[String]]) -> [String] {
        guard let count = rows.first?.count else { return [] }
        let widths = (0..<count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            let cells = zip(row, widths).filter { $0.1 > 0 }.map { cell, width in
                cell + String(repeating: " ", count: width - cell.count)
            }
            var line = "    " + cells.joined(separator: "   ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
