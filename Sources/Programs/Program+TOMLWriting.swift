import HubCore

extension Program {
    /// The program as a TOML file in the layout ``init(toml:file:)`` documents: the program's keys, then a
    /// `[[steps]]` table a step, a repeat's steps as `[[steps.steps]]` below it.
    ///
    /// Reading the text back gives the same program. Text holds no control characters but tabs and line breaks
    /// (the reader refuses others); times are whole seconds, as the reader reads them.
    public var toml: String {
        var lines = ["name = \(TOMLKeyEdit.basicString(name))", "kind = \(TOMLKeyEdit.basicString(kind.rawValue))"]
        if let instructions { lines.append("instructions = \(TOMLKeyEdit.basicString(instructions))") }
        for step in steps { Self.write(step, header: "steps", into: &lines) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func write(_ step: ProgramStep, header: String, into lines: inout [String]) {
        lines += ["", "[[\(header)]]"]
        switch step {
        case .exercise(let exercise):
            lines.append("exercise = \(TOMLKeyEdit.basicString(exercise.name))")
            // One set is what a file without `sets` means: a timed exercise of a circuit reads better without it.
            if exercise.sets != 1 { lines.append("sets = \(exercise.sets)") }
            switch exercise.work {
            case .repetitions(let count): lines.append("reps = \(count)")
            case .time(let time): lines.append("time = \(quotedTime(time))")
            }
            if let weight = exercise.weightKilograms { lines.append("weight = \(ProgramText.number(weight))") }
            if let rest = exercise.restBetweenSets { lines.append("rest = \(quotedTime(rest))") }
            if let instructions = exercise.instructions {
                lines.append("instructions = \(TOMLKeyEdit.basicString(instructions))")
            }
        case .interval(let interval):
            lines.append("interval = \(TOMLKeyEdit.basicString(interval.name))")
            if interval.role != .work { lines.append("role = \(TOMLKeyEdit.basicString(interval.role.rawValue))") }
            switch interval.length {
            case .time(let time): lines.append("time = \(quotedTime(time))")
            case .distance(let meters): lines.append("distance = \"\(ProgramText.distance(meters: meters))\"")
            }
            if let target = interval.target { lines.append("target = { \(fields(of: target)) }") }
            if let instructions = interval.instructions {
                lines.append("instructions = \(TOMLKeyEdit.basicString(instructions))")
            }
            if !interval.messages.isEmpty {
                let messages = interval.messages.map {
                    "{ at = \(quotedTime($0.offset)), text = \(TOMLKeyEdit.basicString($0.text)) }"
                }
                lines.append("messages = [\(messages.joined(separator: ", "))]")
            }
        case .repeat(let count, let steps):
            lines.append("repeat = \(count)")
            for inner in steps { write(inner, header: header + ".steps", into: &lines) }
        }
    }

    /// The target's keys for its inline table: `pace = "4:00 /km", cadence = 180`.
    private static func fields(of target: Target) -> String {
        var fields: [String] = []
        switch target.intensity {
        case .pace(let seconds): fields.append("pace = \"\(ProgramText.pace(secondsPerKilometer: seconds))\"")
        case .speed(let speed): fields.append("speed = \(ProgramText.number(speed))")
        case .power(let watts): fields.append("power = \(watts)")
        case .ftp(let percent): fields.append("ftp = \(ProgramText.number(percent))")
        case .ftpRamp(let from, let to):
            fields.append("ftp-from = \(ProgramText.number(from)), ftp-to = \(ProgramText.number(to))")
        case .heartRateZone(let zone): fields.append("zone = \(zone)")
        case .maxEffort: fields.append("max-effort = true")
        case nil: break
        }
        if let cadence = target.cadencePerMinute { fields.append("cadence = \(cadence)") }
        if let incline = target.inclinePercent { fields.append("incline = \(ProgramText.number(incline))") }
        return fields.joined(separator: ", ")
    }

    /// A time in whole seconds, in quotes: "1:30", "45 s".
    private static func quotedTime(_ time: Duration) -> String {
        "\"\(ProgramText.time(seconds: Int(time.components.seconds)))\""
    }
}
