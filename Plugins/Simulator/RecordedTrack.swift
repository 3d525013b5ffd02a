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
public enum RecordedTrack {
    static let columns = ["seconds", "heart_rate", "latitude", "longitude", "steps"]

    /// Parses CSV `text`, naming `file` in errors; throws `SimulatorError` with the line of the first problem.
    public static func parse(_ text: String, file: String) throws -> [SimulatedSecond] {
        var header: [String]?
        var seconds: [SimulatedSecond] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            let lineNumber = index + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let names = header else {
                if let unknown = cells.first(where: { !columns.contains($0) }) {
                    throw SimulatorError(file: file, line: lineNumber, problem: "unknown column \"\(unknown)\"; the columns are \(columns.joined(separator: ","))")
                }
                guard cells.contains("seconds") else {
                    throw SimulatorError(file: file, line: lineNumber, problem: "the header must name a \"seconds\" column")
                }
                header = cells
                continue
            }
            guard cells.count == names.count else {
                throw SimulatorError(file: file, line: lineNumber, problem: "expected \(names.count) values, found \(cells.count)")
            }
            var row: [String: String] = [:]
            for (name, cell) in zip(names, cells) where !cell.isEmpty { row[name] = cell }
            func value<T: LosslessStringConvertible>(_ name: String, _ type: T.Type) throws -> T? {
                guard let cell = row[name] else { return nil }
                guard let parsed = T(cell) else {
                    throw SimulatorError(file: file, line: lineNumber, problem: "\(name) \"\(cell)\" is not a number")
                }
                return parsed
            }
            guard let offset = try value("seconds", Int.self), offset >= 0 else {
                throw SimulatorError(file: file, line: lineNumber, problem: "seconds must be a whole number from 0 up")
            }
            if let last = seconds.last, offset <= last.offset {
                throw SimulatorError(file: file, line: lineNumber, problem: "seconds must increase (\(offset) follows \(last.offset))")
            }
            let heartRate = try value("heart_rate", Int.self)
            if let heartRate, !(20...250).contains(heartRate) {
                throw SimulatorError(file: file, line: lineNumber, problem: "heart_rate \(heartRate) is outside 20…250 bpm")
            }
            let latitude = try value("latitude", Double.self), longitude = try value("longitude", Double.self)
            if (latitude == nil) != (longitude == nil) {
                throw SimulatorError(file: file, line: lineNumber, problem: "latitude and longitude must both be given or both be empty")
            }
            if let latitude, let longitude, abs(latitude) > 90 || abs(longitude) > 180 {
                throw SimulatorError(file: file, line: lineNumber, problem: "position \(latitude),\(longitude) is not on Earth")
            }
            seconds.append(
                SimulatedSecond(
                    offset: offset, heartRate: heartRate, latitude: latitude, longitude: longitude,
                    steps: try value("steps", Int.self)))
        }
        guard !seconds.isEmpty else {
            throw SimulatorError(file: file, line: nil, problem: "no data rows; see Plugins/Simulator/README.md for the format")
        }
        return seconds
    }
}

/// A recorded workout file the simulator cannot use.
public struct SimulatorError: Error, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int?
    public let problem: String

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)" }
}
