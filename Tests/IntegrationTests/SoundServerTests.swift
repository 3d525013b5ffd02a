import AudioTestKit
import Foundation
import Music
import Testing

/// `stayfit` on a real sound server (a private PulseAudio with a null sink, recorded from its monitor), with
/// `audio-device = "pulse"`: the device path, where the server, not the hub, mixes the music and the speech.
@Suite(.serialized) struct SoundServerTests {
    @Test func audioTestPlaysTheChimeAndTheSentenceOnTheServer() async throws {
        let scratch = try Scratch()
        let server = try await SoundServer(in: scratch.path(""))
        let recording = try await server.record(to: scratch.path("heard.wav"))
        let result = try await StayfitProcess.run(
            ["audio", "test", "--device", "pulse"], environment: server.environment)
        recording.stop()
        #expect(result.status == 0, "\(result.error)")
        let (format, samples) = try WAVFile.read(scratch.path("heard.wav"))
        let loud = stride(from: 0, to: samples.count, by: format.channels).filter { abs(Int(samples[$0])) > 1000 }
        // The chime (0.7 s from its first loud sample), then about 1.5 s of speech, of which vowels and voiced
        // consonants are loud: counted after the chime, so that the chime alone cannot pass.
        let chimeEnd = try #require(loud.first, "nothing was heard") + format.sampleRate * 8 / 10 * format.channels
        let spoken = loud.filter { $0 > chimeEnd }.count
        #expect(Double(spoken) / Double(format.sampleRate) > 0.4, "only \(spoken) loud frames after the chime")
    }

    @Test func aWorkoutSpeaksOverTheMusicWhichDucksAndComesBack() async throws {
        let scratch = try Scratch()
        let server = try await SoundServer(in: scratch.path(""))
        try FileManager.default.createDirectory(atPath: scratch.path("music"), withIntermediateDirectories: true)
        // A steady tone, so the music's level can be read in the mix (8 whole cycles in each 50 ms window).
        try Signal.writeTone(to: scratch.path("music/hum.wav"), frequency: 160, seconds: 60, title: "Hum")
        let config = try scratch.write(
            "hub.toml",
            """
            [plugins.console]
            mode = "lines"
            [plugins.voice-coach]
            [plugins.music]
            audio-device = "pulse"
            playlist = "\(scratch.path("music"))"
            volume = 100
            duck-percent = 30
            fade-out-seconds = 0

            """)
        let recording = try await server.record(to: scratch.path("heard.wav"))
        let hub = try StayfitProcess(
            ["run", "--config", config, "--data-dir", scratch.path("data")], environment: server.environment)
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Now playing: Hum")
        // "Workout started." (1.3 s) over the music, then the music alone: the sound plays in real time, and on a
        // loaded machine the sentence may start a second or two late.
        try await Task.sleep(for: .seconds(7))
        // Quitting finishes the workout, and the hub says its summary (about 5 s) to the end before it exits.
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        recording.stop()
        #expect(!hub.standardOutput.contains("audio device failed"), "\(hub.standardOutput)")

        let music = try Signal.levels(of: 160, in: scratch.path("heard.wav"))
        let speech = try Signal.levels(apartFrom: 160, in: scratch.path("heard.wav"))
        let full = music.max() ?? 0
        #expect(full > 0.4, "the music peaked at \(full)")
        // A window in which the music's level changes (it starts, ducks, comes back) shows the change as sound apart
        // from the tone: only windows whose neighbours hold the same music level can tell speech.
        let steady = { (index: Int) in
            index > 0 && index < music.count - 1 && abs(music[index + 1] - music[index - 1]) < 0.05
        }
        // The first thing said: from the first window with speech to the last before a second of quiet.
        let start = try #require(speech.indices.first { speech[$0] > 0.03 && steady($0) }, "nothing was said")
        var end = start
        while let next = speech[(end + 1)...].firstIndex(where: { $0 > 0.03 }), next - end < 20 { end = next }
        // 20 windows a second: "Workout started." is 1.3 s long, from its first to its last voiced sound about
        // 1 s (17 to 25 windows measured; its first window may be one where the music starts, not counted).
        #expect(end - start + 1 >= 14, "the first sentence lasted \(end - start + 1) windows")
        let underSpeech = (start...end).filter { music[$0] > 0.05 }.map { music[$0] }
        let ducked = Signal.median(underSpeech, 0..<underSpeech.count)
        #expect(abs(ducked / full - 0.30) < 0.08, "under speech the music was at \(ducked / full) of its level")
        // Not a word of it over the music at full level: the music comes back once the sentence is over.
        let loudest = (start...end).filter { steady($0) && speech[$0] > 0.03 }.map { music[$0] }.max() ?? 0
        #expect(loudest / full < 0.6, "a part of the sentence was said over the music at \(loudest / full)")
        let after = Signal.median(music, end + 10..<end + 50)
        #expect(after / full > 0.9, "after the sentence the music came back to \(after / full) of its level")
        // The summary, after the music stopped ("Workout finished. 7 seconds, 0 kilocalories."), said whole: heard
        // over its synthesised length, less half a second of silence at its ends (the hub logs that length).
        let summary = music.indices.filter { $0 > end + 50 && speech[$0] > 0.03 && music[$0] < 0.05 }
        let heard = (summary.last ?? 0) - (summary.first ?? 0) + 1
        let summaryLine = try #require(
            hub.standardError.split(separator: "\n").first {
                $0.contains("speech ready") && $0.contains("Workout finished.")
            }, "no summary was synthesised: \(hub.standardError)")
        let seconds = try #require(
            summaryLine.firstMatch(of: /seconds=\"?([0-9.]+)/).flatMap { Double($0.1) }, "\(summaryLine)")
        #expect(Double(heard) >= (seconds - 0.5) * 20, "the \(seconds) s summary was heard over \(heard) windows")
    }
}
