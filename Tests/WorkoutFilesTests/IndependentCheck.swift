import BlueZTestKit
import Foundation
import Testing

/// Where the package's test tools are, found from this file's place in the package.
enum PackagePaths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build/test-venv/bin/python").path
    static let checker = root.appendingPathComponent("Tests/WorkoutFilesTests/Checkers/check_workout_file.py").path
    static let schemas = root.appendingPathComponent("Tests/WorkoutFilesTests/Schemas").path
}

/// What the independent checker (lxml against the published XSDs; gpxpy for GPX) says of a file.
struct CheckReport: Decodable {
    var valid: Bool
    var errors: [String]
    var points: Int
    var distance: Double
    var duration: Double?
    var segments: Int
    var heartRates: Int
    var positions: Int?
    var laps: Int?
    var calories: Int?
}

enum IndependentCheck {
    /// Runs the checker on `path` as a child process (waited for without blocking a thread) and returns its report.
    static func check(_ path: String, format: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CheckReport
    {
        try #require(
            FileManager.default.isExecutableFile(atPath: PackagePaths.python),
            "no test venv at \(PackagePaths.python): run scripts/test-venv to build it (gpxpy and lxml, pinned)",
            sourceLocation: sourceLocation)
        let reportPath = path + ".check.json", errorPath = path + ".check.err"
        let descriptor = open(reportPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0, sourceLocation: sourceLocation)
        defer { close(descriptor) }
        let child = try ChildProcess.spawn(
            PackagePaths.python, [PackagePaths.checker, path, format, PackagePaths.schemas], stdout: descriptor,
            stderrPath: errorPath)
        let status = try await child.exitCode(within: .seconds(120))
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        try #require(status == 0, "the checker failed on \(path): \(errors)", sourceLocation: sourceLocation)
        let data = try Data(contentsOf: URL(fileURLWithPath: reportPath))
        return try JSONDecoder().decode(CheckReport.self, from: data)
    }
}
