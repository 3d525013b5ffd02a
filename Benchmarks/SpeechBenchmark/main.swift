// Measures the voice coach's speech with the real eSpeak NG:
//   1. synthesis real-time factor: synthesis time / length of the speech made, for the coach's typical sentences;
//   2. event to clip: from `GoalReached` published on the bus to the `SpeechClip` of "Goal reached …" published
//      by a running VoiceCoachPlugin (the music plugin's playback comes after this);
//   3. resident memory before the engine starts and after it has spoken.
// Run in release: swift run -c release stayfit-speech-bench [rounds]
import EspeakNG
import Foundation
import HubCore
import HubTestKit
import VoiceCoach

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20

let sentences = [
    "Workout started.",
    "Goal reached: 5 kilometres. Well done!",
    "10 minutes, 2.1 kilometres, average pace 5 minutes 30 per kilometre, heart rate 142, goal 42 percent.",
    "Workout finished. 32 minutes 10 seconds, 5.2 kilometres, average pace 6 minutes 11 per kilometre, "
        + "average heart rate 142, 380 kilocalories.",
]

/// VmRSS of this process, in MB.
func residentMegabytes() -> String {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? "VmRSS: 0 kB"
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    return Format.fixed(kilobytes / 1024, decimals: 1) + " MB"
}

func milliseconds(_ duration: Duration) -> String { Format.fixed(duration.seconds * 1000, decimals: 1) + " ms" }

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

print("resident before the engine starts: \(residentMegabytes())")
let clock = ContinuousClock()
let startedAt = clock.now
let engine = try EspeakEngine.shared()
print(
    "engine started in \(milliseconds(clock.now - startedAt)): eSpeak NG \(engine.version), \(engine.voices.count) voices, "
        + "\(engine.sampleRate) Hz; resident \(residentMegabytes())")

// MARK: - Real-time factor

let settings = EspeakSettings()
_ = try await engine.synthesize("Warm up.", settings: settings)
print("\nsynthesis, \(rounds) rounds each (median; real-time factor = synthesis time / speech length):")
var totalSynthesis = Duration.zero
var totalSpeech = 0.0
for sentence in sentences {
    var times: [Duration] = []
    var length = 0.0
    for _ in 0..<rounds {
        let start = clock.now
        let audio = try await engine.synthesize(sentence, settings: settings)
        let took = clock.now - start
        times.append(took)
        length = audio.duration
        totalSynthesis += took
        totalSpeech += audio.duration
    }
    let factor = median(times).seconds / length
    print(
        "  \(milliseconds(median(times))) for \(Format.fixed(length, decimals: 2)) s of speech, "
            + "factor \(Format.fixed(factor, decimals: 3)): \"\(sentence.prefix(50))\(sentence.count > 50 ? "…" : "")\""
    )
}
print("  overall factor \(Format.fixed(totalSynthesis.seconds / totalSpeech, decimals: 3))")

// MARK: - Event to clip

let (context, scratch) = try PluginContext.test(clock: SystemClock())
let table = try require(
    try HubConfiguration(text: "[plugins.voice-coach]\n", file: "bench.toml").pluginTables["voice-coach"],
    "the voice-coach table")
let coach = try VoiceCoachPlugin(configuration: VoiceCoachPlugin.Configuration(table), context: context)
let clips = context.bus.inbox(of: SpeechClip.self, subscriber: "bench")
var latencies: [Duration] = []
try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await coach.run() }
    var iterator = clips.makeAsyncIterator()
    for _ in 0..<rounds {
        let start = clock.now
        context.bus.publish(GoalReached(goal: Goal(kind: .distance, target: 5000)))
        guard await iterator.next() != nil else { break }
        latencies.append(clock.now - start)
        try await Task.sleep(for: .milliseconds(50))
    }
    group.cancelAll()
}
let sorted = latencies.sorted()
print(
    "\nGoalReached → SpeechClip on the bus, \(sorted.count) rounds: median \(milliseconds(median(sorted))), "
        + "min \(milliseconds(sorted.first ?? .zero)), max \(milliseconds(sorted.last ?? .zero))")
print("resident after speaking: \(residentMegabytes())")
withExtendedLifetime(scratch) {}

/// `#require` for a script: the value, or exit with a message.
func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw BenchmarkError(description: "missing \(what)") }
    return value
}

struct BenchmarkError: Error, CustomStringConvertible { let description: String }
