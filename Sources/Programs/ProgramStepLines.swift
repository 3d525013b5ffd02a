import Foundation
import HubCore

/// A program's steps in plain words, as `stayfit programs show` prints them and the web's program page shows them:
/// one a line, a repeat's steps indented below it.
///
/// ```swift
/// ProgramStepLines.lines(program.steps, ftpWatts: 250)   // ["Warm-up (warm-up): 10:00, 50 to 75 % of FTP …", …]
/// ```
public enum ProgramStepLines {
    /// - Parameter ftpWatts: the profile's FTP, to say a share of it in watts too; nil when not set.
    public static func lines(_ steps: [ProgramStep], ftpWatts: Int?, indent: String = "") -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .exercise(let exercise):
                return [indent + exerciseLine(exercise)]
            case .interval(let interval):
                return [indent + intervalLine(interval, ftpWatts: ftpWatts)]
            case .repeat(let count, let inner):
                return ["\(indent)\(Format.counted(count, "time")):"]
                    + lines(inner, ftpWatts: ftpWatts, indent: indent + "    ")
            }
        }
    }

    public static func exerciseLine(_ exercise: Exercise) -> String {
        var parts = [String]()
        switch exercise.work {
        case .repetitions(let count):
            parts.append(
                exercise.sets == 1 ? Format.counted(count, "rep") : "\(exercise.sets) x \(Format.counted(count, "rep"))"
            )
        case .time(let time):
            let clock = Format.clock(time)
            parts.append(exercise.sets == 1 ? clock : "\(exercise.sets) x \(clock)")
        }
        if let weight = exercise.weightKilograms { parts.append("\(number(weight)) kg") }
        if let rest = exercise.restBetweenSets, exercise.sets > 1 { parts.append("rest \(Format.clock(rest))") }
        return "\(Format.printable(exercise.name, limit: 80)): " + parts.joined(separator: ", ")
    }

    public static func intervalLine(_ interval: Interval, ftpWatts: Int?) -> String {
        var parts = [String]()
        switch interval.length {
        case .time(let time): parts.append(Format.clock(time))
        case .distance(let meters):
            parts.append(meters >= 1000 ? "\(number(Double(meters) / 1000)) km" : "\(meters) m")
        }
        if let target = interval.target { parts += targetParts(target, ftpWatts: ftpWatts) }
        let role = interval.role == .work ? "" : " (\(interval.role.rawValue))"
        return "\(Format.printable(interval.name, limit: 80))\(role): " + parts.joined(separator: ", ")
    }

    public static func targetParts(_ target: Target, ftpWatts: Int?) -> [String] {
        var parts = [String]()
        func watts(_ percent: Double) -> String {
            ftpWatts.map { " (\(Int((Double($0) * percent / 100).rounded())) W)" } ?? ""
        }
        switch target.intensity {
        case .pace(let seconds): parts.append("\(Format.clock(seconds: seconds)) /km")
        case .speed(let speed): parts.append("\(number(speed)) km/h")
        case .power(let power): parts.append("\(power) W")
        case .ftp(let percent): parts.append("\(number(percent)) % of FTP\(watts(percent))")
        case .ftpRamp(let from, let to):
            parts.append(
                "\(number(from)) to \(number(to)) % of FTP" + (ftpWatts == nil ? "" : "\(watts(from)) to\(watts(to))"))
        case .heartRateZone(let zone): parts.append("heart-rate zone \(zone)")
        case .maxEffort: parts.append("all out")
        case nil: break
        }
        if let cadence = target.cadencePerMinute { parts.append("cadence \(cadence)") }
        if let incline = target.inclinePercent { parts.append("incline \(number(incline)) %") }
        return parts
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : Format.fixed(value, decimals: 1)
    }
}
