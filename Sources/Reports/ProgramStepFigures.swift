import HubCore

/// What was done in a step of a guided program, beside what was planned: the cells of `stayfit workouts show`'s
/// program table and of the web app's.
public enum ProgramStepFigures {
    /// What was done, the power, the heart rate and how the step ended; a cell is empty where nothing was measured.
    public static func cells(_ step: WorkoutProgramStep, units: UnitSystem) -> [String] {
        [done(step, units: units), power(step), heartRate(step), outcome(step)]
    }

    /// What was done of what was planned: `8 of 10 reps at 60 kg, 0:40`, `3:40 of 4:00`, `0.98 km of 1.00 km`.
    public static func done(_ step: WorkoutProgramStep, units: UnitSystem) -> String {
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
    public static func power(_ step: WorkoutProgramStep) -> String {
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

    /// `HR 168`, or nothing without a heart rate.
    public static func heartRate(_ step: WorkoutProgramStep) -> String {
        step.averageHeartRate.map { "HR \($0)" } ?? ""
    }

    /// `done`, `skipped`, `stopped with the workout`.
    public static func outcome(_ step: WorkoutProgramStep) -> String {
        switch step.outcome {
        case .completed: "done"
        case .skipped: "skipped"
        case .stopped: "stopped with the workout"
        }
    }
}
