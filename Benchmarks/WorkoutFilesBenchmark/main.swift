// Export and import of a 10-hour, 36,000-point workout: wall time and peak memory above the process's baseline.
//
// Run: swift build -c release --product stayfit-files-bench && .build/release/stayfit-files-bench
// Targets (issue 9): each under 1 s and under 10 MB extra. Peak memory is the kernel's VmHWM, reset before each
// phase (writing 5 to /proc/self/clear_refs), minus VmRSS at the phase's start.
import Foundation
import HubCore
import WorkoutFiles

let hours = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10
let seconds = hours * 3600
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

/// Runs `body` `runs` times; prints the best time and the largest peak above the baseline.
func measure(_ name: String, _ body: () async throws -> Void) async throws {
    var times: [Double] = []
    var extra = 0
    for _ in 0..<runs {
        resetPeak()
        let baseline = status("VmRSS")
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        extra = max(extra, status("VmHWM") - baseline)
    }
    let best = times.min() ?? 0, median = times.sorted()[times.count / 2]
    print(
        name.padding(toLength: 14, withPad: " ", startingAt: 0)
            + String(format: "best %6.3f s  median %6.3f s  peak +%5.1f MB", best, median, Double(extra) / 1024))
}

let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("stayfit-files-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let store = try HubStore(directory: directory)

// A 10-hour outdoor workout as the hub stores one: a position, heart rate and steps every second.
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
let id = try await store.importWorkout(
    ImportedWorkout(
        startedAt: start, endedAt: start.addingTimeInterval(Double(seconds)), totals: metrics.totals,
        samples: samples))
samples = []
guard let workout = try await store.workout(id) else { fatalError("the workout was not stored") }
print("\(hours)-hour workout, \(seconds) points, \(runs) runs each (\(ProcessInfo.processInfo.processorCount) CPUs)")

for format in WorkoutFileFormat.allCases {
    let path = directory.appendingPathComponent("workout.\(format.fileExtension)").path
    try await measure("export \(format.rawValue)") {
        let writer = try ChunkedFileWriter(path: path)
        _ = try await WorkoutExporter.export(workout, from: store, format: format, sport: .running, to: writer)
        try writer.finish()
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    print("  file size \(String(format: "%.1f", Double(size) / 1_048_576)) MB")
    try await measure("read \(format.rawValue)") { _ = try ActivityFileReader.read(path: path) }
    let other = try HubStore(directory: directory.appendingPathComponent("import-\(format.rawValue)"))
    try await measure("import \(format.rawValue)") {
        let activity = try ActivityFileReader.read(path: path)
        _ = try await other.importWorkout(WorkoutImporter.workout(from: activity))
    }
}
