import Foundation
import HubCore
import HubTestKit
import Music
import ServiceLifecycle
import Synchronization

// Latency of the one audio path: from a SpeechClip published on the bus to its first sample in the output, with
// the music plugin writing into a WAV file (the file output paces both players in real time, as a device would).
// Usage: stayfit-audio-bench [clips]   (default 10)

let clips = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10
let folder = NSTemporaryDirectory() + "/stayfit-audio-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }
let output = folder + "/out.wav"

let (context, directory) = try PluginContext.test(clock: SystemClock())
let origin = Mutex<ContinuousClock.Instant?>(nil)
let plugin = MusicPlugin(
    configuration: MusicPlugin.Configuration(audioDevice: .file(output)), context: context,
    fileOutputStarted: { instant in origin.withLock { $0 = instant } })
let group = ServiceGroup(services: [plugin], logger: context.logger)

// A 0.3 s tone at full strength from its first sample, so its onset in the file is unmistakable.
let tone = (0..<6_615).map { Int16(20_000 * sin(2 * Double.pi * 1_000 * Double($0) / 22_050)) }
var published: [Duration] = []
try await withThrowingTaskGroup(of: Void.self) { tasks in
    tasks.addTask { try await group.run() }
    while origin.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
    let start = try require(origin.withLock { $0 })
    try await Task.sleep(for: .seconds(1))
    for _ in 0..<clips {
        published.append(.now - start)
        context.bus.publish(
            SpeechClip(
                text: "tone", priority: .urgent, sampleRate: 22_050, samples: tone, eventAt: context.clock.instant))
        try await Task.sleep(for: .seconds(1))
    }
    await group.triggerGracefulShutdown()
    try await tasks.waitForAll()
}
withExtendedLifetime(directory) {}

let (format, samples) = try WAVFile.read(output)
var latencies: [Double] = []
var searchFrom = 0
for moment in published {
    let publishedFrame = Int(moment / .seconds(1) * Double(format.sampleRate))
    let from = max(searchFrom, publishedFrame)
    guard
        let onset = stride(from: from, to: samples.count / format.channels, by: 1)
            .first(where: { abs(Int(samples[$0 * format.channels])) > 2_000 })
    else { break }
    latencies.append(Double(onset - publishedFrame) / Double(format.sampleRate) * 1000)
    searchFrom = onset + Int(0.5 * Double(format.sampleRate))
}
let sorted = latencies.sorted()
print(
    "SpeechClip published -> first sample in the output (file output, \(ProcessInfo.processInfo.activeProcessorCount) cores)"
)
print("clips: \(sorted.count) of \(clips)")
if !sorted.isEmpty {
    print(
        String(
            format: "latency ms: min %.1f  median %.1f  max %.1f", sorted[0], sorted[sorted.count / 2],
            sorted[sorted.count - 1]))
}

extension Optional {
    fileprivate func unwrapped() throws -> Wrapped {
        guard let self else { throw CocoaError(.featureUnsupported) }
        return self
    }
}

func require<T>(_ value: T?) throws -> T { try value.unwrapped() }
