import HubCore
import Records

/// A program's time and rating as people read them, the same in `stayfit programs list` and `show` and on the
/// web's programs pages.
///
/// ```swift
/// ProgramFigures.about(program.estimatedDuration)   // "about 1 h 5 min"
/// ProgramFigures.rating(stored)                     // "+3"
/// ```
public enum ProgramFigures {
    /// The estimated time in whole minutes, as `list --json` gives it.
    public static func estimatedMinutes(_ program: Program) -> Int {
        Int((program.estimatedDuration / .seconds(60)).rounded())
    }

    /// "42 min": a list's column, at least 1 minute.
    public static func listedTime(minutes: Int) -> String { "\(max(1, minutes)) min" }

    /// "about 42 min", "about 1 h 5 min": an estimate, said as one.
    public static func about(_ duration: Duration) -> String {
        let minutes = max(1, Int((Double(duration.components.seconds) / 60).rounded()))
        guard minutes >= 60 else { return "about \(minutes) min" }
        let rest = minutes % 60
        return "about \(minutes / 60) h" + (rest == 0 ? "" : " \(rest) min")
    }

    /// "+3", "0", "-1": up votes less down votes.
    public static func rating(_ stored: StoredProgram) -> String {
        stored.rating > 0 ? "+\(stored.rating)" : "\(stored.rating)"
    }

    /// "2 up votes, 1 down vote".
    public static func votes(_ stored: StoredProgram) -> String {
        "\(Format.counted(stored.ups, "up vote")), \(Format.counted(stored.downs, "down vote"))"
    }
}
