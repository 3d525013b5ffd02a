import AudioTestKit
import Foundation
import HubCore
import HubTestKit
import MPV
import Testing

@testable import Music

/// Real libmpv into a WAV file: the music's level, measured in the file, while speech plays.
@Suite struct MusicDuckingTests {
    @Test func duringSpeechTheMusicDropsToTheDuckingLevelAndComesBackAfter() async throws {
        let folder = try TemporaryDirectory()
        let music = folder.url.path + "/music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        // Far longer than the test, so a late-running test never hears it end.
        try Signal.writeTone(to: music + "/hum.wav", frequency: 220, seconds: 60, title: "Hum")
        let output = folder.url.path + "/out.wav"
        let configuration = MusicPlugin.Configuration(
            audioDevice: .file(output), playlist: music, volumePercent: 100, duckPercent: 30)

        try await MusicHarness.run(configuration, in: folder) { hub in
            hub.context.bus.publish(MusicCommand(.playPause))
            try await hub.waitForTrack("Hum")
            // Not ordering anything: the sound card writes the file in real time, and the level before the speech is
            // measured over the second before it, so that much music has to be played first.
            try await Task.sleep(for: .seconds(2))
            let speech = Signal.sine(frequency: 3000, amplitude: 0.3, seconds: 2.5, sampleRate: 22_050)
            hub.context.bus.publish(
                SpeechClip(
                    text: "Goal reached!", priority: .urgent, sampleRate: 22_050, samples: speech,
                    eventAt: hub.context.clock.instant))
            // The plugin turns the music down for the speech and back up after it, however late a loaded machine
            // lets it act: wait for that, and then (as above) for a second and a half of music at its level.
            let saying = try await hub.waitForLog("saying", metadata: ["text": "Goal reached!"])
            try await hub.waitForLog("music volume", metadata: ["ducked": "false"], after: saying)
            try await Task.sleep(for: .seconds(1.5))
        }

        let music220 = try Signal.levels(of: 220, in: output)
        let speech3000 = try Signal.levels(of: 3000, in: output)
        let spoken = speech3000.indices.filter { speech3000[$0] > 0.1 }
        let onset = try #require(spoken.first, "no speech in the file")
        let end = try #require(spoken.last)
        // 20 windows a second: the speech lasted about 2.5 s in the file.
        #expect((45...55).contains(end - onset + 1), "speech lasted \(end - onset + 1) windows")
        let before = Signal.median(music220, onset - 20..<onset - 4)
        let during = Signal.median(music220, onset + 8..<end - 4)
        // The loudest second after the speech: the music is back by then, however late the machine let the plugin
        // act. (Not simply the file's last second: on a loaded machine the players may take seconds to shut down
        // after the test, and the file output writes that time as silence.)
        let after =
            stride(from: end + 1, to: music220.count - 20, by: 5).map {
                Signal.median(music220, $0..<$0 + 20)
            }.max() ?? 0
        #expect(before > 0.3, "the music played at \(before) before the speech")
        #expect(abs(during / before - 0.30) < 0.06, "ducked to \(during / before) of the music's level")
        #expect(
            after / before > 0.9,
            "came back to \(after / before) of the music's level")
    }

    @Test func speechPlaysWithoutMusicAndAStaleRoutineClipIsSkippedButNotAnUrgentOne() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.url.path + "/out.wav"
        let configuration = MusicPlugin.Configuration(audioDevice: .file(output), speechStaleSeconds: 5)
        try await MusicHarness.run(configuration, in: folder) { hub in
            let tone = { (frequency: Double) in
                Signal.sine(frequency: frequency, amplitude: 0.3, seconds: 0.5, sampleRate: 22_050)
            }
            // Events 10 s old on the hub's clock (running at real time): the routine one is too old to say.
            let now = hub.context.clock.instant
            hub.context.bus.publish(
                SpeechClip(
                    text: "old", priority: .info, sampleRate: 22_050, samples: tone(1000), eventAt: now - .seconds(10)))
            hub.context.bus.publish(
                SpeechClip(
                    text: "urgent", priority: .urgent, sampleRate: 22_050, samples: tone(2000),
                    eventAt: now - .seconds(10)))
            hub.context.bus.publish(
                SpeechClip(text: "fresh", priority: .info, sampleRate: 22_050, samples: tone(3000), eventAt: now))
            // What the plugin made of each clip; whatever it is saying when the harness stops it is said to its end.
            try await hub.waitForLog("speech skipped: too late to say", metadata: ["text": "old"])
            try await hub.waitForLog("saying", metadata: ["text": "urgent"])
            try await hub.waitForLog("saying", metadata: ["text": "fresh"])
            #expect(!hub.log.contains { $0.message == "saying" && $0.metadata["text"] == "old" })
        }
        let heard = { (frequency: Double) in try Signal.levels(of: frequency, in: output).max() ?? 0 }
        #expect(try heard(2000) > 0.1, "the urgent clip was not played")
        #expect(try heard(3000) > 0.1, "the fresh clip was not played")
        #expect(try heard(1000) < 0.02, "the stale routine clip was played")
    }
}
