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
            rows.append(["\(step.number)", step.title] + ProgramStepFigures.cells(step, units: units))
        }
        return lines + table(rows)
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
