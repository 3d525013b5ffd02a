import Foundation
import HubCore

/// Reads a recorded workout from CSV.
///
/// The first non-comment line names the columns; `seconds` is required, the others are optional and may be
/// left empty for a second without that reading:
///
/// ```
/// # seconds since start, beats per minute, degrees, degrees, cumulative steps
/// seconds,heart_rate,latitude,longitude,steps
/// 0,92,52.514500,13.350100,0
/// 1,93,52.514509,13.350100,3
/// ```
///
/// Lines end with LF or CRLF. Every value is bounded, so that whatever passes `stayfit config check` plays
/// without overflow: at most 24 hours of seconds, strictly increasing.
public enum RecordedTrack {
    static let columns = ["seconds", "heart_rate", "latitude", "longitude", "steps"]
    /// The largest `seconds`: a recording covers at most 24 hours.
    public static let lastSecond = 86_399
    /// The largest cumulative step count: more than anyone walks in 24 hours.
    public static let mostSteps = 1_000_000
    /// The largest recording file read: 24 hours of full rows take about 5 MB.
    public static let largestFile = 16 * TextFile.mebibyte

    /// Parses CSV `text`, naming `file` in errors; throws `SimulatorError` with the line of the first problem.
    public static func parse(_ text: String, file: String) throws -> [SimulatedSecond] {
        var header: [String]?
        var seconds: [SimulatedSecond] = []
        // "\r\n" is one Character in Swift: split on it too, or a file saved on Windows is one line.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            let lineNumber = index + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let names = header else {
                if let unknown = cells.first(where: { !columns.contains($0) }) {
                    throw SimulatorError(
                        file: file, line: lineNumber,
                        problem: "unknown column \(quoted(unknown)); the columns are \(columns.joined(separator: ","))")
                }
                if let repeated = cells.first(where: { name in cells.filter { $0 == name }.count > 1 }) {
                    throw SimulatorError(
                        file: file, line: lineNumber, problem: "the column \(quoted(repeated)) is named twice")
                }
                guard cells.contains("seconds") else {
                    throw SimulatorError(
                        file: file, line: lineNumber, problem: "the header must name a \"seconds\" column")
                }
                header = cells
                continue
            }
            guard cells.count == names.count else {
                throw SimulatorError(
                    file: file, line: lineNumber,
                    problem: "expected \(Format.counted(names.count, "value")), found \(cells.count)")
            }
            var row: [String: String] = [:]
            for (name, cell) in zip(names, cells) where !cell.isEmpty { row[name] = cell }
            func value<T: LosslessStringConvertible>(_ name: String, _ type: T.Type) throws -> T? {
                guard let cell = row[name] else { return nil }
                guard let parsed = T(cell) else {
                    throw SimulatorError(
                        file: file, line: lineNumber, problem: "\(name) \(quoted(cell)) is not a number")
                }
                return parsed
            }
            func wholeNumber(_ name: String, in range: ClosedRange<Int>, meaning: String) throws -> Int? {
                guard let cell = row[name] else { return nil }
                // An integer too long for Int is out of range, not "not a number".
                guard let number = Int(cell) ?? (isWholeNumber(cell) ? Int.max : nil) else {
                    throw SimulatorError(
                        file: file, line: lineNumber, problem: "\(name) \(quoted(cell)) is not a whole number")
                }
                guard range.contains(number) else {
                    throw SimulatorError(
                        file: file, line: lineNumber,
                        problem:
                            "\(name) \(quoted(cell)) is out of range; it must be from \(range.lowerBound) to \(range.upperBound) (\(meaning))"
                    )
                }
                return number
            }
            guard
                let offset = try wholeNumber(
                    "seconds", in: 0...lastSecond, meaning: "a recording covers at most 24 hours")
            else {
                throw SimulatorError(file: file, line: lineNumber, problem: "seconds must be a whole number from 0 up")
            }
            if let last = seconds.last, offset <= last.offset {
                throw SimulatorError(
                    file: file, line: lineNumber, problem: "seconds must increase (\(offset) follows \(last.offset))")
            }
            let heartRate = try value("heart_rate", Int.self)
            if let heartRate, !HeartRateMeasured.isPlausible(beatsPerMinute: heartRate) {
                throw SimulatorError(
                    file: file, line: lineNumber,
                    problem: "heart_rate \(heartRate) is outside \(HeartRateMeasured.plausibleRangeDescription)")
            }
            let latitude = try value("latitude", Double.self), longitude = try value("longitude", Double.self)
            if (latitude == nil) != (longitude == nil) {
                throw SimulatorError(
                    file: file, line: lineNumber, problem: "latitude and longitude must both be given or both be empty")
            }
            // Written so that NaN, which compares false with everything, is refused too.
            if let latitude, let longitude, !(abs(latitude) <= 90 && abs(longitude) <= 180) {
                throw SimulatorError(
                    file: file, line: lineNumber, problem: "position \(latitude),\(longitude) is not on Earth")
            }
            let steps = try wholeNumber("steps", in: 0...mostSteps, meaning: "a running total of steps")
            seconds.append(
                SimulatedSecond(
                    offset: offset, heartRate: heartRate, latitude: latitude, longitude: longitude, steps: steps))
        }
        guard !seconds.isEmpty else {
            throw SimulatorError(
                file: file, line: nil, problem: "no data rows; see Plugins/Simulator/README.md for the format")
        }
        return seconds
    }

    /// A cell as it is shown in an error: quoted, cut short, control characters escaped.
    private static func quoted(_ text: String) -> String { "\"" + Format.printable(text) + "\"" }

    /// Digits with an optional sign, of any length.
    private static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// A recorded workout file the simulator cannot use.
public struct SimulatorError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int?
    public let problem: String

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)" }
}
