import BlueZTestKit
import Foundation
import Music
import Testing

/// The audio path in the real `stayfit` binary: libmpv mapped only when a plugin plays, `audio test`, and
/// `demo --audio-out`, measured in the WAV files they write.
@Suite struct AudioTests {
    /// Whether the running process `pid` has libmpv mapped.
    private func mapsLibmpv(_ pid: Int32) throws -> Bool {
        let data = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps")).readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).contains("libmpv.so")
    }

    @Test func aHubWithAudioOffNeverMapsLibmpvAndOneThatPlaysDoes() async throws {
        let scratch = try Scratch()
        let quiet = try scratch.write("quiet.toml", "[plugins.console]\nmode = \"lines\"\n")
        let playing = try scratch.write(
            "playing.toml",
            "[plugins.console]\nmode = \"lines\"\n[plugins.music]\naudio-device = \"\(scratch.path("out.wav"))\"\n")
        for (config, expected) in [(quiet, false), (playing, true)] {
            let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data-\(expected)")])
            try await hub.waitForOutput("StayFit Hub is ready")
            if expected {
                // The plugin opens libmpv when it starts running, a moment after the console's first line.
                let deadline = ContinuousClock.now + TestDeadline.hang
                while try !mapsLibmpv(hub.processIdentifier), ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
            } else {
                try await Task.sleep(for: .seconds(1))
            }
            #expect(try mapsLibmpv(hub.processIdentifier) == expected, "\(config): \(hub.standardError)")
            hub.send("quit")
            #expect(try await hub.waitForExit() == 0)
        }
    }

    @Test func audioTestPlaysAChimeAndSaysThatAudioWorksIntoAWavFile() async throws {
        let scratch = try Scratch()
        let output = scratch.path("chime.wav")
        let result = try await StayfitProcess.run(["audio", "test", "--device", output])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Playing a chime and \"StayFit Hub audio works\" on \(output)"))
        let (format, samples) = try WAVFile.read(output)
        let loud = samples.filter { abs(Int($0)) > 1000 }.count / format.channels
        // The chime is 0.7 s (its ringing tail is quieter than the threshold); the sentence about 1.5 s of speech,
        // of which vowels and voiced consonants are loud.
        #expect(Double(loud) / Double(format.sampleRate) > 0.6, "only \(loud) loud frames")
        let seconds = Double(samples.count / format.channels) / Double(format.sampleRate)
        #expect(seconds > 1.5, "the file holds \(seconds) s: the chime alone is 0.7 s")
    }

    @Test func audioTestOnAMissingDeviceFailsWithWhatToCheck() async throws {
        let result = try await StayfitProcess.run(["audio", "test", "--device", "alsa/stayfit-no-such-device"])
        #expect(result.status == 1)
        #expect(result.error.contains("the audio device alsa/stayfit-no-such-device could not be opened"))
        #expect(result.error.contains("audio group"))
    }

    @Test(arguments: ["speakers", "alsa/"])
    func audioTestRefusesAnUnknownDevice(_ device: String) async throws {
        let result = try await StayfitProcess.run(["audio", "test", "--device", device])
        #expect(result.status == 64)
        #expect(result.error.contains("alsa/default"))
    }

    @Test func aBadAudioDeviceInTheConfigurationIsAConfigurationError() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("bad.toml", "[plugins.music]\naudio-device = \"speakers\"\n")
        let result = try await StayfitProcess.run(["config", "check", config])
        #expect(result.status == 78)
        #expect(result.error.contains("bad.toml:2"))
        #expect(result.error.contains("plugins.music.audio-device"))
    }

    @Test func theDemoWritesTheMusicAndTheSpokenSummaryIntoOneWavFile() async throws {
        let scratch = try Scratch()
        let output = scratch.path("demo.wav")
        let result = try await StayfitProcess.run(["demo", "--minutes", "3", "--audio-out", output])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Workout 1 finished"))
        let (format, samples) = try WAVFile.read(output)
        #expect(format == .standard)
        let seconds = Double(samples.count / format.channels) / Double(format.sampleRate)
        // 3 minutes at 60x: about 3 seconds of workout, then the coach's spoken summary (about 10 s: "Workout
        // finished. 3 minutes, 500 metres, average pace …") said to its end before the hub stops.
        #expect(seconds > 9, "the file holds \(seconds) s")
        let loud = samples.filter { abs(Int($0)) > 1000 }.count / format.channels
        #expect(Double(loud) / Double(format.sampleRate) > 0.5, "only \(loud) frames of music")
    }

    @Test func demoRefusesAnAudioOutThatIsNotAWavFile() async throws {
        let result = try await StayfitProcess.run(["demo", "--audio-out", "demo.mp3"])
        #expect(result.status == 64)
        #expect(result.error.contains("--audio-out needs a file name ending in .wav"))
    }
}
