import AudioTestKit
import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import MPV
import Testing

@testable import Music

/// Real libmpv playing the self-made tracks into a WAV file: commands, the end of the playlist, bad files.
@Suite struct MusicPlaylistPlaybackTests {
    private func selfMadeMusic(in folder: TemporaryDirectory) throws -> String {
        let music = folder.url.path + "/music"
        _ = try SelfMadeMusic.write(into: music)
        return music
    }

    @Test func nextAndPreviousMoveThroughThePlaylistAndItsEndStopsTheMusic() async throws {
        let folder = try TemporaryDirectory()
        // Tracks far longer than the test's steps (the self-made ones are 4 s): on a loaded machine a command must
        // never race a track's natural end. The last one is short: the playlist's end is part of the test.
        let music = folder.url.path + "/music"
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        for (index, (title, seconds)) in [("Warm-up", 60.0), ("Steady Pace", 60), ("Last Kilometre", 3)].enumerated() {
            try Signal.writeTone(
                to: music + "/0\(index + 1) \(title).wav", frequency: 220 * Double(index + 1), seconds: seconds,
                title: title)
        }
        let configuration = MusicPlugin.Configuration(
            audioDevice: .file(folder.url.path + "/out.wav"), playlist: music, repeatPlaylist: false)
        try await MusicHarness.run(configuration, in: folder) { hub in
            let bus = hub.context.bus
            bus.publish(MusicCommand(.playPause))
            try await hub.waitForTrack("Warm-up")
            bus.publish(MusicCommand(.next))
            try await hub.waitForTrack("Steady Pace")
            bus.publish(MusicCommand(.previous))
            try await hub.waitForTrack("Warm-up", count: 2)
            bus.publish(MusicCommand(.previous))  // at the first track: nothing to go back to
            bus.publish(MusicCommand(.next))
            try await hub.waitForTrack("Steady Pace", count: 2)
            bus.publish(MusicCommand(.next))
            try await hub.waitForTrack("Last Kilometre")
            bus.publish(MusicCommand(.next))  // at the last track: nothing after it
            try await hub.waitForStatus("the end of the playlist") { $0 == .stopped }
            #expect(hub.titles == ["Warm-up", "Steady Pace", "Warm-up", "Steady Pace", "Last Kilometre"])
            #expect(hub.statuses.contains(.nowPlaying(title: "Warm-up", artist: "Test")))
        }
    }

    @Test func anEmptyPlaylistSaysEmptyPlaylistAndThePluginGoesOn() async throws {
        let folder = try TemporaryDirectory()
        let empty = folder.url.path + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let configuration = MusicPlugin.Configuration(audioDevice: .file(folder.url.path + "/out.wav"), playlist: empty)
        try await MusicHarness.run(configuration, in: folder) { hub in
            hub.context.bus.publish(MusicCommand(.playPause))
            try await hub.waitForStatus("Empty Playlist") { $0 == .emptyPlaylist }
            // Commands with nothing loaded do nothing, and a workout start says it again.
            for action in [MusicCommand.Action.next, .previous, .volumeUp, .shuffle, .setVolume(percent: 5)] {
                hub.context.bus.publish(MusicCommand(action))
            }
            hub.context.bus.publish(WorkoutStateChanged(workoutID: nil, state: .running, previous: .idle))
            try await hub.waitForStatus(count: 2, "Empty Playlist again") { $0 == .emptyPlaylist }
            #expect(hub.announcements.filter { $0 == "Empty Playlist" }.count == 2)
            #expect(hub.statuses.contains(.shuffled), "the shuffle command is confirmed (the console prints it)")
        }
    }

    @Test func aCorruptFileIsSkippedAndReportedAndTheNextTrackPlays() async throws {
        let folder = try TemporaryDirectory()
        let music = try selfMadeMusic(in: folder)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            .write(to: URL(fileURLWithPath: music + "/00 broken.ogg"))
        let configuration = MusicPlugin.Configuration(audioDevice: .file(folder.url.path + "/out.wav"), playlist: music)
        try await MusicHarness.run(configuration, in: folder) { hub in
            hub.context.bus.publish(MusicCommand(.playPause))
            try await hub.waitForTrack("Warm-up")
            // What came before the first good track: on a loaded machine the playlist may have gone round again
            // (and skipped the broken file again) before this line runs.
            let beforeWarmUp = hub.statuses.prefix { if case .nowPlaying = $0 { false } else { true } }
            let skipped = beforeWarmUp.compactMap { if case .skipped(let file, _) = $0 { file } else { nil } }
            #expect(skipped == ["00 broken.ogg"])
        }
    }

    @Test func theMusicStartsPausesAndResumesWithTheWorkoutAndFadesOutAtItsEnd() async throws {
        let folder = try TemporaryDirectory()
        let output = folder.url.path + "/out.wav"
        let configuration = MusicPlugin.Configuration(
            audioDevice: .file(output), playlist: try selfMadeMusic(in: folder), fadeOut: .seconds(1))
        try await MusicHarness.run(configuration, in: folder) { hub in
            let bus = hub.context.bus
            bus.publish(WorkoutStateChanged(workoutID: nil, state: .running, previous: .idle))
            try await hub.waitForTrack("Warm-up")
            bus.publish(WorkoutStateChanged(workoutID: nil, state: .paused, previous: .running))
            try await hub.waitForStatus("paused") { $0 == .paused }
            bus.publish(WorkoutStateChanged(workoutID: nil, state: .running, previous: .paused))
            try await hub.waitForStatus(count: 2, "playing again") {
                if case .nowPlaying = $0 { true } else { false }
            }
            bus.publish(WorkoutStateChanged(workoutID: nil, state: .finished, previous: .running))
            try await hub.waitForStatus("stopped after the fade") { $0 == .stopped }
        }
        let (format, samples) = try WAVFile.read(output)
        #expect(format == .standard)
        #expect(samples.contains { abs(Int($0)) > 1000 }, "no music in the file")
    }

    @Test func aMissingDeviceIsReportedAndThePluginKeepsRunning() async throws {
        let folder = try TemporaryDirectory()
        let configuration = MusicPlugin.Configuration(
            audioDevice: .device("alsa/stayfit-no-such-device"), playlist: try selfMadeMusic(in: folder))
        try await MusicHarness.run(configuration, in: folder) { hub in
            hub.context.bus.publish(MusicCommand(.playPause))
            try await hub.waitForStatus("device failed") {
                if case .deviceFailed(let text) = $0 { text.contains("alsa/stayfit-no-such-device") } else { false }
            }
            try await hub.waitForStatus("the music stopped with the device") { $0 == .stopped }
            // Still running: it takes speech and commands, and tries the device again.
            hub.context.bus.publish(
                SpeechClip(
                    text: "heart rate 142", priority: .info, sampleRate: 22_050, samples: [0, 100, 0],
                    eventAt: hub.context.clock.instant))
            hub.context.bus.publish(MusicCommand(.playPause))
            try await hub.waitForLog("saying", metadata: ["text": "heart rate 142"])
            // The second play loads the playlist again, which fails on the device as the first did.
            try await hub.waitForStatus(count: 2, "the music stopped with the device again") { $0 == .stopped }
            #expect(
                hub.statuses.filter { if case .deviceFailed = $0 { true } else { false } }.count == 1,
                "the failure is reported once, not for every try: \(hub.statuses)")
        }
    }

    @Test func aWavFileThatCannotBeWrittenFailsTheRunWithAClearError() async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let statuses = context.bus.inbox(of: AudioStatusChanged.self)
        let plugin = MusicPlugin(
            configuration: MusicPlugin.Configuration(audioDevice: .file("/nonexistent/stayfit/out.wav")),
            context: context)
        let error = await #expect(throws: AudioOutputError.self) { try await plugin.run() }
        #expect(error?.description.contains("cannot write /nonexistent/stayfit/out.wav") == true)
        let status = try await statuses.next(within: TestDeadline.hang)
        guard case .deviceFailed = status.status else {
            Issue.record("expected a device failure, got \(status)")
            return
        }
    }
}

/// "One playlist per kind": a spin session plays its own music, a run the general playlist.
@Suite struct MusicPlaylistPerKindTests {
    @Test func aKindWithAPlaylistOfItsOwnPlaysItAndOtherKindsPlayTheGeneralOne() async throws {
        let folder = try TemporaryDirectory()
        for (name, title, frequency) in [("general", "Road Song", 330.0), ("spin", "Spin Beat", 440)] {
            let path = folder.url.path + "/\(name)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Signal.writeTone(to: path + "/01 \(title).wav", frequency: frequency, seconds: 60, title: title)
        }
        var configuration = MusicPlugin.Configuration(
            audioDevice: .file(folder.url.path + "/out.wav"), playlist: folder.url.path + "/general")
        configuration.playlists = [.indoorRide: folder.url.path + "/spin"]
        try await MusicHarness.run(configuration, in: folder) { hub in
            let bus = hub.context.bus
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle, kind: .indoorRide))
            try await hub.waitForTrack("Spin Beat")
            bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running, kind: .indoorRide))
            bus.publish(WorkoutStateChanged(workoutID: 2, state: .running, previous: .finished, kind: .run))
            try await hub.waitForTrack("Road Song")
            #expect(hub.titles == ["Spin Beat", "Road Song"])
        }
    }

    @Test func thePlaylistsTableIsReadByKindAndAWrongKindNamesTheLine() throws {
        func table(_ text: String) throws -> ConfigTable {
            try #require(try HubConfiguration(text: text, file: "t.toml").pluginTables["music"])
        }
        let read = try MusicPlugin.Configuration(
            table(
                "[plugins.music]\nplaylist = \"/m\"\n[plugins.music.playlists]\n\"indoor ride\" = \"/spin\"\nrow = \"/row\"\n"
            ))
        #expect(read.playlists == [.indoorRide: "/spin", .row: "/row"])
        #expect(read.playlist(for: .indoorRide) == "/spin")
        #expect(read.playlist(for: .treadmill) == "/m")
        #expect(read.playlist(for: nil) == "/m")
        let error = try #require(throws: ConfigurationError.self) {
            try MusicPlugin.Configuration(table("[plugins.music]\n[plugins.music.playlists]\nyoga = \"/y\"\n"))
        }
        #expect(error.line == 3)
        #expect(error.description.contains("plugins.music.playlists.yoga: \"yoga\" is not a kind of workout"))
    }
}
