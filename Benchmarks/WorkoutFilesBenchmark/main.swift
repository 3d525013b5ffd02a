// Export and import of a 10-hour, 36,000-point workout: wall time and peak memory above the process's baseline.
//
// Run: swift build -c release --product stayfit-files-bench && .build/release/stayfit-files-bench [hours]
// Targets (issue 9): each under 1 s and under 10 MB extra. Each phase runs in a fresh process (this program,
// started again with `phase`), so memory freed by one phase cannot hide the next one's peak: peak memory is
// the kernel's VmHWM at the end minus VmRSS just before the phase began.
import Foundation
import HubCore
import HubStore
import WorkoutFiles

let arguments = Array(CommandLine.arguments.dropFirst())
let runs = 3

/// A field of /proc/self/status in kB.
func status(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

func resetPeak() {
    let descriptor = open("/proc/self/clear_refs", O_WRONLY)
    guard descriptor >= 0 else { return }
    _ = "5".withCString { write(descriptor, $0, 1) }
    close(descriptor)
}

/// Runs `body` once and prints its time and peak memory above the baseline, as one line for the driver.
func measure(_ body: () async throws -> Void) async throws {
    resetPeak()
    let baseline = status("VmRSS")
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("\(seconds) \(status("VmHWM") - baseline)")
}

if arguments.first == "phase", arguments.count == 4, let format = WorkoutFileFormat(rawValue: arguments[3]) {
    // One measured phase, in a process of its own: `phase DIR export|import FORMAT`.
    let directory = URL(fileURLWithPath: arguments[1])
    let path = directory.appendingPathComponent("workout.\(format.fileExtension)").path
    if arguments[2] == "export" {
        let store = try HubStore(directory: directory)
        guard let workout = try await store.workout(1) else { fatalError("no workout 1 in \(directory.path)") }
        try await measure {
            let writer = try ChunkedFileWriter(path: path, ifExists: .replace)
            _ = try await WorkoutExporter.export(workout, from: store, format: format, sport: .running, to: writer)
            try writer.finish()
        }
    } else {
        let store = try HubStore(directory: directory.appendingPathComponent("import-\(UUID().uuidString)"))
        try await measure {
            _ = try await WorkoutImporter.store(ActivityFileReader.read(path: path), in: store)
        }
    }
    exit(0)
}

let hours = Int(arguments.first ?? "") ?? 10
let seconds = hours * 3600
let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stayfit-files-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// A 10-hour outdoor workout as the hub stores one: a position, heart rate and steps every second.
do {
    let store = try HubStore(directory: directory)
    var samples: [WorkoutSample] = []
    var metrics = WorkoutMetrics()
    let start = Date(timeIntervalSince1970: 1_795_330_800)
    for second in 1...seconds {
        let angle = Double(second) / 600 * 2 * .pi  // a loop of about 1.9 km every 10 minutes
        metrics.recordSecond(
            heartRate: 130 + second % 30, speedMetersPerSecond: 3.2, distanceMeters: 3.2, kilocalories: 0.2,
            steps: second * 3)
        samples.append(
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 130 + second % 30,
                latitude: 48.1 + 0.0027 * sin(angle), longitude: 11.5 + 0.004 * cos(angle), speedMetersPerSecond: 3.2,
                distanceMeters: metrics.distanceMeters, kilocalories: metrics.kilocalories, steps: second * 3))
    }
    _ = try await store.importWorkout(
        ImportedWorkout(
            startedAt: start, endedAt: start.addingTimeInterval(Double(seconds)), totals: metrics.totals,
            samples: samples))
}
print("\(hours)-hour workout, \(seconds) points; best and median of \(runs) runs, each in a fresh process")

/// Runs a phase `runs` times, each in a fresh process, and prints the best and median time and the largest peak.
func run(_ phase: String, _ format: WorkoutFileFormat) async throws {
    var times: [Double] = []
    var extra = 0
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["phase", directory.path, phase, format.rawValue]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let time = Double(fields[0]), let kilobytes = Int(fields[1]) else {
            fatalError("phase \(phase) \(format) printed \(output)")
        }
        times.append(time)
        extra = max(extra, kilobytes)
    }
    let best = times.min() ?? 0, median = times.sorted()[times.count / 2]
    print(
        "\(phase) \(format.rawValue)".padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(format: "best %6.3f s  median %6.3f s  peak +%5.1f MB", best, median, Double(extra) / 1024))
}

for format in WorkoutFileFormat.allCases {
    try await run("export", format)
    let path = directory.appendingPathComponent("workout.\(format.fileExtension)").path
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print("  file size \(String(format: "%.1f", Double(size) / 1_048_576)) MB")
    try await run("import", format)
}
