extension Program {
    /// The program as a Zwift workout (a `.zwo` file), for a ride.
    ///
    /// Each interval becomes the element ``init(zwift:file:)`` reads back as it: a constant share of FTP a
    /// `SteadyState` (a `Warmup` or `Cooldown` for those roles), a ramp a `Warmup`, `Cooldown` or `Ramp`, no power
    /// a `FreeRide`, ``Target/Intensity/maxEffort`` a `MaxEffort`; cadence its `Cadence`, messages its
    /// `textevent`s. A repeat of a work and a recovery interval at constant powers is an `IntervalsT`; any other
    /// repeat is written out, since Zwift has no other. Powers are written to a tenth of a percent.
    ///
    /// Zwift keeps no names or instructions of steps: those are left out, and the program comes back with the
    /// names ``init(zwift:file:)`` gives ("Steady", "Work", "Recover" …), a recovery outside an `IntervalsT` as work.
    ///
    /// - Throws: `ProgramError` (``ProgramError/Kind/unsupported``), naming the program where a file is named
    ///   and the step and key, for what Zwift cannot say: a program that is
    ///   not a ride, an exercise, an interval of a distance, or a target in watts, pace, speed or heart-rate zone.
    public func zwift() throws(ProgramError) -> String {
        guard kind == .ride || kind == .indoorRide else {
            throw ProgramError(
                kind: .unsupported, file: name, line: nil, step: nil, key: "kind",
                problem: "a \(kind.name.lowercased()) program is not a ride", fix: "Export a ride to Zwift.")
        }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<workout_file>",
            "    <name>\(Self.xmlEscaped(name))</name>",
        ]
        if let instructions { lines.append("    <description>\(Self.xmlEscaped(instructions))</description>") }
        lines += ["    <sportType>bike</sportType>", "    <workout>"]
        for (index, step) in steps.enumerated() {
            try write(step, label: "\(index + 1)", into: &lines)
        }
        lines += ["    </workout>", "</workout_file>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func write(_ step: ProgramStep, label: String, into lines: inout [String]) throws(ProgramError) {
        switch step {
        case .exercise:
            throw unsupported(label, key: "exercise", problem: "an exercise has no place in a Zwift workout")
        case .repeat(let count, let steps):
            if let element = Self.intervalsT(count: count, steps: steps) {
                lines += element
                return
            }
            for _ in 0..<count {
                for (index, inner) in steps.enumerated() {
                    try write(inner, label: "\(label).\(index + 1)", into: &lines)
                }
            }
        case .interval(let interval):
            guard case .time(let time) = interval.length else {
                throw unsupported(label, key: "distance", problem: "Zwift workouts are timed, and this is a distance")
            }
            var attributes = [("Duration", Self.seconds(time))]
            let element: String
            switch interval.target?.intensity {
            case nil:
                element = "FreeRide"
            case .maxEffort:
                element = "MaxEffort"
            case .ftp(let percent):
                switch interval.role {
                case .warmUp, .coolDown:
                    element = interval.role == .warmUp ? "Warmup" : "Cooldown"
                    attributes += [("PowerLow", Self.fraction(percent)), ("PowerHigh", Self.fraction(percent))]
                case .work, .recover:
                    element = "SteadyState"
                    attributes.append(("Power", Self.fraction(percent)))
                }
            case .ftpRamp(let from, let to):
                element = interval.role == .warmUp ? "Warmup" : interval.role == .coolDown ? "Cooldown" : "Ramp"
                attributes += [("PowerLow", Self.fraction(from)), ("PowerHigh", Self.fraction(to))]
            case .power, .pace, .speed, .heartRateZone:
                throw unsupported(
                    label, key: "target",
                    problem: "Zwift takes power as a share of FTP, and this target is not one",
                    fix: "Give the target as ftp = percent, e.g. target = { ftp = 88 }.")
            }
            if let cadence = interval.target?.cadencePerMinute { attributes.append(("Cadence", "\(cadence)")) }
            lines += Self.element(element, attributes, messages: interval.messages)
        }
    }

    /// A repeat of a work and a recovery interval, timed and at constant shares of FTP, as an `IntervalsT`; nil
    /// for any other repeat.
    private static func intervalsT(count: Int, steps: [ProgramStep]) -> [String]? {
        guard steps.count == 2, case .interval(let on) = steps[0], case .interval(let off) = steps[1],
            on.role == .work, off.role == .recover, off.messages.isEmpty,
            case .time(let onTime) = on.length, case .time(let offTime) = off.length,
            case .ftp(let onPower)? = on.target?.intensity, case .ftp(let offPower)? = off.target?.intensity
        else { return nil }
        var attributes = [
            ("Repeat", "\(count)"), ("OnDuration", seconds(onTime)), ("OffDuration", seconds(offTime)),
            ("OnPower", fraction(onPower)), ("OffPower", fraction(offPower)),
        ]
        if let cadence = on.target?.cadencePerMinute { attributes.append(("Cadence", "\(cadence)")) }
        if let cadence = off.target?.cadencePerMinute { attributes.append(("CadenceResting", "\(cadence)")) }
        return element("IntervalsT", attributes, messages: on.messages)
    }

    private static func element(_ name: String, _ attributes: [(String, String)], messages: [Interval.Message])
        -> [String]
    {
        let opening = "        <\(name) " + attributes.map { "\($0.0)=\"\(xmlEscaped($0.1))\"" }.joined(separator: " ")
        guard !messages.isEmpty else { return [opening + "/>"] }
        return [opening + ">"]
            + messages.map {
                "            <textevent timeoffset=\"\(seconds($0.offset))\" message=\"\(xmlEscaped($0.text))\"/>"
            } + ["        </\(name)>"]
    }

    private func unsupported(_ label: String, key: String, problem: String, fix: String? = nil) -> ProgramError {
        ProgramError(
            kind: .unsupported, file: name, line: nil, step: label, key: key, problem: problem,
            fix: fix ?? "Leave it out of a program meant for Zwift.")
    }

    private static func seconds(_ time: Duration) -> String { "\(time.components.seconds)" }

    /// 88.3 % as "0.883".
    private static func fraction(_ percent: Double) -> String { ProgramText.number((percent * 10).rounded() / 1000) }

    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            default: result.append(character)
            }
        }
        return result
    }
}
