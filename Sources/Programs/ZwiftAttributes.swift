import Foundation
import HubCore

/// The attributes of one element of a `.zwo` file, read by name in any case (Zwift writes `Duration`, some
/// editors `duration`), each value checked, and errors naming the element, the attribute and the line.
struct ZwiftAttributes {
    /// The element as written, e.g. `SteadyState`.
    let element: String
    let file: String
    let line: Int
    private let values: [String: String]
    private var label: String?

    init(_ attributes: [String: String], element: String, file: String, line: Int) {
        var values: [String: String] = [:]
        for (key, value) in attributes { values[key.lowercased()] = value }
        self.values = values
        self.element = element
        self.file = file
        self.line = line
    }

    /// The same attributes, their errors naming step `label`.
    func labelled(_ label: String) -> ZwiftAttributes {
        var copy = self
        copy.label = label
        return copy
    }

    func string(_ key: String) -> String? { values[key.lowercased()] }

    /// A time in seconds, more than 0 and at most ``Program/Limits/longestTime``, rounded to whole seconds.
    func duration(_ key: String) throws(ProgramError) -> Duration {
        let seconds = try number(key, example: "300").rounded()
        guard seconds >= 1, seconds <= Double(Program.Limits.longestTime.components.seconds) else {
            throw error(
                key,
                problem: "\(ProgramText.number(seconds)) \(seconds == 1 ? "second" : "seconds") is not a step's time",
                fix: "Write whole seconds from 1 to 86400, e.g. \(key)=\"300\".")
        }
        return .seconds(Int(seconds))
    }

    /// A time from the step's start in seconds, 0 or more.
    func offset(_ key: String) throws(ProgramError) -> Duration {
        let seconds = try number(key, example: "30").rounded()
        guard seconds >= 0, seconds <= Double(Program.Limits.longestTime.components.seconds) else {
            throw error(
                key,
                problem:
                    "\(ProgramText.number(seconds)) \(seconds == 1 ? "second" : "seconds") is not a time into the step",
                fix: "Write whole seconds from 0, e.g. \(key)=\"30\".")
        }
        return .seconds(Int(seconds))
    }

    /// A power as a fraction of FTP (0.75), as a percent (75) to a tenth.
    func percent(_ key: String) throws(ProgramError) -> Double {
        let fraction = try number(key, example: "0.75")
        let percent = (fraction * 1000).rounded() / 10
        guard percent >= Program.Limits.leastFTPPercent, percent <= Program.Limits.mostFTPPercent else {
            throw error(
                key,
                problem: "\(ProgramText.number(fraction)) is \(ProgramText.number(percent)) % of FTP, "
                    + "not a power to hold",
                fix: "Write a fraction of FTP from 0.01 to 3, e.g. \(key)=\"0.75\" for 75 %.")
        }
        return percent
    }

    /// A whole number within `range`.
    func whole(_ key: String, in range: ClosedRange<Int>) throws(ProgramError) -> Int {
        let number = try number(key, example: "\(range.lowerBound)")
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            throw error(
                key, problem: "\(ProgramText.number(number)) is out of range",
                fix: "Write a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return Int(number)
    }

    /// A whole number within `range`, or nil when the attribute is absent.
    func optionalWhole(_ key: String, in range: ClosedRange<Int>) throws(ProgramError) -> Int? {
        guard values[key.lowercased()] != nil else { return nil }
        return try whole(key, in: range)
    }

    private func number(_ key: String, example: String) throws(ProgramError) -> Double {
        guard let text = values[key.lowercased()] else {
            throw error(
                key, kind: .missing, problem: "<\(ProgramText.printable(element))> has no \(key)",
                fix: "Add it, e.g. \(key)=\"\(example)\".")
        }
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            throw error(
                key, problem: "\(ProgramText.quoted(text)) is not a number",
                fix: "Write a number, e.g. \(key)=\"\(example)\".")
        }
        return number
    }

    private func error(_ key: String, kind: ProgramError.Kind = .invalidValue, problem: String, fix: String)
        -> ProgramError
    {
        ProgramError(kind: kind, file: file, line: line, step: label, key: key, problem: problem, fix: fix)
    }

    /// Text from the file as a program keeps it: line breaks as `\n`, no other control characters but tabs.
    static func cleaned(_ text: String) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return String(
            String.UnicodeScalarView(
                unified.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.properties.generalCategory != .control })
        )
    }
}
