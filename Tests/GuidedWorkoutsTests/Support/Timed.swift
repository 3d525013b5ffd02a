import Foundation

/// A line, or bytes written to the trainer, with the second of hub time it came in.
struct Timed: Equatable, CustomStringConvertible {
    var second: Int
    var line: String

    init(_ second: Int, _ line: String) {
        self.second = second
        self.line = line
    }

    init(_ second: Int, bytes: [UInt8]) {
        self.init(second, bytes.map { String(format: "%02X", $0) }.joined(separator: " "))
    }

    static func at(_ second: Int, _ line: String) -> Timed { Timed(second, line) }

    var description: String { "\(second) s: \(line)" }
}
