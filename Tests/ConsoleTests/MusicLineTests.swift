import HubCore
import HubTestKit
import Testing

@testable import Console

/// What the console prints of the music player: the track now playing (title and artist from its tags), skipped
/// files, a failed device and a shuffle; nothing for the pauses and stops that follow the workout.
@Suite struct MusicLineTests {
    @Test(arguments: [
        (
            AudioStatusChanged.Status.nowPlaying(title: "Steady Pace", artist: "StayFit Hub"),
            "Now playing: Steady Pace — StayFit Hub"
        ),
        (.nowPlaying(title: "02 Intervals.ogg", artist: nil), "Now playing: 02 Intervals.ogg"),
        (
            .skipped(file: "00 broken.ogg", reason: "cannot be played: no audio"),
            "Music: skipped 00 broken.ogg (cannot be played: no audio)"
        ),
        (.deviceFailed("alsa/hw:9: no such device"), "Music: the audio device failed (alsa/hw:9: no such device)"),
        (.shuffled, "Music: playlist shuffled"),
    ])
    func aLineForWhatThePersonWantsToKnow(status: AudioStatusChanged.Status, line: String) {
        #expect(MusicLine.text(for: AudioStatusChanged(status)) == line)
    }

    @Test(arguments: [AudioStatusChanged.Status.paused, .stopped, .emptyPlaylist])
    func noLineForWhatFollowsTheWorkoutOrIsAnnouncedAnyway(status: AudioStatusChanged.Status) {
        #expect(MusicLine.text(for: AudioStatusChanged(status)) == nil)
    }

    @Test func theRunningConsolePrintsTheTrackNowPlaying() async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let terminal = try FakeTerminal()
        let console = ConsolePlugin(
            configuration: try ConsoleRestartTests.lineMode(), context: context, io: terminal.streams)
        let run = Task { try await console.run() }
        defer { run.cancel() }
        try await terminal.waitFor("StayFit Hub is ready")
        context.bus.publish(AudioStatusChanged(.paused))
        context.bus.publish(AudioStatusChanged(.nowPlaying(title: "Warm-up", artist: "Test")))
        try await terminal.waitFor("Now playing: Warm-up — Test")
        #expect(!terminal.text.contains("paused"), "output: \(terminal.text)")
    }
}
