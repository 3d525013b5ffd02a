import Foundation

/// A workout file that cannot be read or written: which file, which line, what is wrong and what to do.
public struct WorkoutFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file concerned, as the person named it.
    public let file: String
    /// The line of the first problem, when there is one.
    public let line: Int?
    /// What is wrong, in plain words.
    public let problem: String

    public init(file: String, line: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)" }
}
