import HubCore
import Programs

// What a run says as a step starts, and the countdowns and "Halfway" within it.
extension ProgramRun {
    /// What is said as `step` starts: "Set 2 of 3, bench press, 10 reps at 60 kilos", "Interval 3 of 8: 400
    /// metres, pace 4:00 a kilometre", "Rest 90 seconds".
    func announcement(of step: RunStep) -> String {
        switch step.kind {
        case .set(let exercise, let number):
            var work: String
            switch exercise.work {
            case .repetitions(let reps): work = Format.counted(reps, "rep")
            case .time(let time): work = Spoken.time(time)
            }
            if let weight = exercise.weightKilograms, weight > 0 { work += " at " + Spoken.weight(kilograms: weight) }
            if exercise.sets > 1 {
                return "Set \(number) of \(exercise.sets), \(Spoken.inSentence(exercise.name)), \(work)"
            }
            return "\(Spoken.capitalised(exercise.name)), \(work)"
        case .rest:
            if case .time(let time) = step.length { return "Rest \(Spoken.time(time))" }
            return "Rest"
        case .interval(let interval, let repetition):
            var parts: [String] = []
            switch interval.length {
            case .time(let time): parts.append(Spoken.time(time))
            case .distance(let meters): parts.append(Spoken.distance(meters: Double(meters)))
            }
            if let target = interval.target { parts += words(for: target) }
            let head =
                if let repetition, interval.role == .work, repetition.count > 1 {
                    "Interval \(repetition.number) of \(repetition.count)"
                } else {
                    Spoken.capitalised(interval.name)
                }
            return head + ": " + parts.joined(separator: ", ")
        }
    }

    /// A target in words, power shifted by `easier`/`harder` as it will be sent.
    private func words(for target: Target) -> [String] {
        var words: [String] = []
        switch target.intensity {
        case .pace(let seconds): words.append("pace " + Spoken.pace(secondsPerKilometer: seconds))
        case .speed(let kmh):
            words.append("speed \(Format.fixed(kmh, decimals: 1)) \(kmh == 1 ? "kilometre" : "kilometres") an hour")
        case .power, .ftp:
            if let watts = currentTargetWatts { words.append(Format.counted(watts, "watt")) }
        case .ftpRamp(let from, let to):
            let range = "\(Format.fixed(from, decimals: 0)) to \(Format.fixed(to, decimals: 0)) percent of FTP"
            words.append("ramp from " + range)
        case .heartRateZone(let zone): words.append("heart rate zone \(zone)")
        case .maxEffort: words.append("all out")
        case nil: break
        }
        if let cadence = target.cadencePerMinute { words.append("cadence \(cadence)") }
        if let incline = target.inclinePercent { words.append("incline \(Format.fixed(incline, decimals: 1)) percent") }
        return words
    }

    /// "10 seconds" and "3, 2, 1, go" before a timed step ends; "Halfway" through a long interval; the
    /// interval's own messages at their times.
    mutating func timeCues() -> [Output] {
        var outputs: [Output] = []
        let current = steps[index]
        if case .interval(let interval, _) = current.kind {
            for (number, message) in interval.messages.enumerated()
            where !step.saidMessages.contains(number) && step.time >= message.offset {
                step.saidMessages.insert(number)
                outputs.append(.say(message.text))
            }
            if !step.saidHalfway, isLong(current) {
                let half: Bool =
                    switch current.length {
                    case .time(let time): step.time >= time / 2
                    case .distance(let meters): step.distanceMeters >= meters / 2
                    case .done: false
                    }
                if half {
                    step.saidHalfway = true
                    outputs.append(.say("Halfway"))
                }
            }
        }
        guard case .time(let time) = current.length else { return outputs }
        let remaining = Format.wholeNumber((time - step.time).seconds.rounded(.up))
        if !step.saidCountdown, time >= .seconds(10), remaining <= 3, remaining > 0 {
            step.saidCountdown = true
            step.saidTen = true
            let count = (1...remaining).reversed().map(String.init).joined(separator: ", ")
            let next = index + 1 < steps.count
            outputs.append(.say(next ? count + ", go" : count))
        } else if !step.saidTen, time >= .seconds(20), remaining <= 10, remaining > 3 {
            step.saidTen = true
            outputs.append(.say(Format.counted(remaining, "second")))
        }
        return outputs
    }

    /// An interval long enough for "Halfway": 2 minutes, or a distance of at least a kilometre.
    private func isLong(_ step: RunStep) -> Bool {
        switch step.length {
        case .time(let time): time >= Self.halfwayMinimum
        case .distance(let meters): meters >= 1000
        case .done: false
        }
    }
}
