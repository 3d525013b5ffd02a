import EspeakNG
import HubCore
import HubTestKit
import Testing
import VoiceCoach

@testable import Music

/// What the voice coach says, through the player's speech queue: the real workout engine and the real coach on a
/// manual clock, and the clips they publish queued and taken as the music plugin takes them.
@Suite struct CoachSpeechTests {
    /// Ten seconds of sound for any sentence: the player is busy that long with each.
    private struct TenSecondSpeech: SpeechSynthesizer {
        func synthesize(_ text: String) async throws -> EspeakAudio {
            EspeakAudio(samples: Array(repeating: 1000, count: 22_050 * 10), sampleRate: 22_050)
        }
    }

    /// A workout stopped 2 s after a periodic update: the update plays 10 s, so the summary's turn comes 8 s after
    /// its event, past the player's 5 s for routine speech. It is said (it was skipped as "too late" before).
    @Test func theSummaryOfAWorkoutStoppedJustAfterAPeriodicUpdateIsSaid() async throws {
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let bus = context.bus
        let clips = bus.inbox(of: SpeechClip.self, subscriber: "test")
        let progress = bus.inbox(of: WorkoutProgress.self, subscriber: "test")
        let states = bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")
        let engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        let table = try #require(
            try HubConfiguration(
                text: """
                    [plugins.voice-coach]
                    every-minutes = 1
                    every-distance = 0
                    figures = "time, heart-rate"
                    announcements = false
                    """, file: "stayfit.toml"
            ).pluginTables["voice-coach"])
        let coach = VoiceCoachPlugin(
            configuration: try VoiceCoachPlugin.Configuration(table), context: context, synthesizer: TenSecondSpeech())

        var said: [SpeechClip] = []
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            group.addTask { try await coach.run() }
            bus.publish(WorkoutCommand(.start))
            #expect(try await states.next().state == .running)
            for second in 1...62 {
                clock.advance(by: .milliseconds(500))
                bus.publish(HeartRateMeasured(beatsPerMinute: 140, source: "test", timestamp: clock.now))
                clock.advance(by: .milliseconds(500))
                while try await progress.next().totals.movingSeconds < second {}
                // The update due at second 60 is published before the clock moves on: a speaker task that a loaded
                // machine ran late would otherwise find the summary queued beside it, and say that first.
                if second == 60 { said.append(try await clips.next()) }
            }
            bus.publish(WorkoutCommand(.stop))
            while said.last?.text.hasPrefix("Workout finished.") != true { said.append(try await clips.next()) }
            group.cancelAll()
        }
        withExtendedLifetime(scratch) {}

        let update = try #require(said.first)
        let summary = try #require(said.last)
        #expect(update.text == "1 minute, heart rate 140.")
        #expect(update.priority == .info)
        #expect(summary.text.hasPrefix("Workout finished. 1 minute 2 seconds, average heart rate 140,"))
        // The update was due at second 60 and the workout stopped at 62: at the update's end the summary waited
        // 8 s, or more if the coach took the update in late.
        try #require(update.eventAt + .seconds(10) - summary.eventAt >= .seconds(8))

        #expect(said.count == 2, "\(said.map(\.text))")
        // speech-stale-seconds' default.
        var queue = SpeechQueue<SpeechClip>(capacity: 16, staleAfter: .seconds(5))
        // The update arrives first and is said at once; the summary arrives while it plays.
        #expect(queue.add(update) == nil)
        let first = queue.next(at: update.eventAt, speed: 1)
        #expect(first.item?.text == update.text)
        #expect(queue.add(summary) == nil)
        // The update is over 10 s after its event.
        let second = queue.next(at: update.eventAt + .seconds(10), speed: 1)
        #expect(second.item?.text == summary.text)
        #expect(second.stale.isEmpty)
    }
}
