import Foundation
import HubCore
import HubTestKit
import Testing

@testable import VoiceCoach

@Suite struct VoiceCoachPluginTests {
    static func configuration(_ text: String = "") throws -> VoiceCoachPlugin.Configuration {
        let table = try #require(
            try HubConfiguration(text: "[plugins.voice-coach]\n" + text, file: "stayfit.toml")
                .pluginTables["voice-coach"])
        let configuration = try VoiceCoachPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        return configuration
    }

    /// Runs `plugin` while `body` drives it, then cancels it.
    static func withRunning(_ plugin: VoiceCoachPlugin, _ body: () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            try await body()
            group.cancelAll()
        }
    }

    @Test func speaksTheWorkoutSummaryAsNonSilentSpeechOfPlausibleLength() async throws {
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let clips = context.bus.inbox(of: SpeechClip.self, subscriber: "test")
        let plugin = try VoiceCoachPlugin(configuration: Self.configuration("voice = \"en-us\""), context: context)
        var totals = WorkoutTotals()
        totals.movingSeconds = 1930
        totals.distanceMeters = 5200
        totals.averageSpeedMetersPerSecond = 5200.0 / 1930
        totals.averageHeartRate = 142
        totals.kilocalories = 380
        let summary = Workout(
            id: 1, startedAt: Date(), endedAt: Date(), status: .finished, totals: totals, goal: nil, recovery: nil)
        clock.advance(by: .seconds(42))

        try await Self.withRunning(plugin) {
            context.bus.publish(
                WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running, summary: summary))
            let clip = try await clips.next()
            #expect(clip.text.hasPrefix("Workout finished. 32 minutes 10 seconds, 5.2 kilometres"))
            #expect(clip.priority == .important)
            #expect(clip.eventAt == HubInstant(sinceOrigin: .seconds(42)))
            #expect(clip.sampleRate == 22050 && clip.channels == 1)
            // About 25 words at 175 words per minute: some 7 to 12 seconds.
            #expect((5...20).contains(clip.duration), "duration \(clip.duration) s")
            let rms = (clip.samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(clip.samples.count))
                .squareRoot()
            #expect(rms > 1000, "rms \(rms)")
        }
        withExtendedLifetime(scratch) {}
    }

    @Test func anUrgentSentenceOvertakesRoutineOnesWaitingBehindASlowSynthesis() async throws {
        let (context, scratch) = try PluginContext.test()
        let clips = context.bus.inbox(of: SpeechClip.self, subscriber: "test")
        let synthesizer = FakeSynthesizer(holdsFirst: true)
        let (queued, queuedContinuation) = AsyncStream<Utterance>.makeStream()
        let plugin = VoiceCoachPlugin(
            configuration: try Self.configuration(), context: context, synthesizer: synthesizer,
            queued: { queuedContinuation.yield($0) })

        try await Self.withRunning(plugin) {
            context.bus.publish(Announcement("Routine one."))
            #expect(try await synthesizer.started.next() == "Routine one.")
            context.bus.publish(Announcement("Routine two."))
            context.bus.publish(Announcement("Routine three."))
            context.bus.publish(GoalReached(goal: Goal(kind: .distance, target: 5000)))
            // Everything is queued while the first sentence is still being synthesised.
            while try await queued.next().priority != .urgent {}
            synthesizer.releaseFirst()
            var order: [String] = []
            for _ in 0..<4 { order.append(try await clips.next().text) }
            #expect(
                order == ["Routine one.", "Goal reached: 5 kilometres. Well done!", "Routine two.", "Routine three."])
        }
        withExtendedLifetime(scratch) {}
    }

    /// On a sped-up clock (the demo's 60×) staleness is real time: a routine sentence that waited one real second
    /// (a minute of hub time) behind a synthesis is still said, as it would be in a real workout.
    @Test func onASpedUpClockARoutineSentenceGoesStaleOnlyAfterItsRealSeconds() async throws {
        let clock = ManualClock(speed: 60)
        let (context, scratch) = try PluginContext.test(clock: clock)
        let clips = context.bus.inbox(of: SpeechClip.self, subscriber: "test")
        let synthesizer = FakeSynthesizer(holdsFirst: true)
        let (queued, queuedContinuation) = AsyncStream<Utterance>.makeStream()
        let plugin = VoiceCoachPlugin(
            configuration: try Self.configuration("skip-routine-after-seconds = 15"), context: context,
            synthesizer: synthesizer, queued: { queuedContinuation.yield($0) })

        try await Self.withRunning(plugin) {
            context.bus.publish(Announcement("Routine one."))
            #expect(try await synthesizer.started.next() == "Routine one.")
            context.bus.publish(Announcement("Routine two."))
            let queuedTexts = [try await queued.next().text, try await queued.next().text]
            #expect(queuedTexts == ["Routine one.", "Routine two."])
            // Sixty hub seconds: one real second at 60×, well within the 15 real seconds.
            clock.advance(by: .seconds(60))
            synthesizer.releaseFirst()
            let said = [try await clips.next().text, try await clips.next().text]
            #expect(said == ["Routine one.", "Routine two."])
        }
        withExtendedLifetime(scratch) {}
    }

    /// With the real workout engine on a manual clock: an update every minute of moving time, said when that
    /// minute is reached, then the summary.
    @Test func periodicUpdatesComeAtTheConfiguredTimesOfARealWorkout() async throws {
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        let bus = context.bus
        let clips = bus.inbox(of: SpeechClip.self, subscriber: "test")
        let progress = bus.inbox(of: WorkoutProgress.self, subscriber: "test")
        let states = bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")
        let engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        let coach = VoiceCoachPlugin(
            configuration: try Self.configuration(
                "every-minutes = 1\nevery-distance = 0\nfigures = \"time, distance\"\nskip-routine-after-seconds = 600"
            ), context: context, synthesizer: FakeSynthesizer())

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            group.addTask { try await coach.run() }
            bus.publish(WorkoutCommand(.start))
            #expect(try await states.next().state == .running)
            for second in 1...185 {
                clock.advance(by: .milliseconds(500))
                // 3 m/s due north: 0.000027° of latitude a second.
                bus.publish(
                    PositionMeasured(
                        latitude: 48 + Double(second) * 0.000027, longitude: 11.5, source: "test", timestamp: clock.now)
                )
                bus.publish(HeartRateMeasured(beatsPerMinute: 140, source: "test", timestamp: clock.now))
                clock.advance(by: .milliseconds(500))
                while try await progress.next().totals.movingSeconds < second {}
            }
            bus.publish(WorkoutCommand(.stop))
            var said: [SpeechClip] = []
            while said.last?.text.hasPrefix("Workout finished.") != true { said.append(try await clips.next()) }
            group.cancelAll()

            let texts = said.map(\.text)
            #expect(texts.first == "Workout started.")
            let updates = said.filter { $0.priority == .info && $0.text != "Workout started." }
            #expect(
                updates.map { $0.text.components(separatedBy: ",").first ?? "" } == [
                    "1 minute", "2 minutes", "3 minutes",
                ])
            // Said no earlier than the minute was reached (the coach may lag behind the clock, never run ahead).
            for (index, update) in updates.enumerated() {
                #expect(update.eventAt >= HubInstant(sinceOrigin: .seconds(60 * (index + 1))))
            }
            #expect(texts.last?.hasPrefix("Workout finished. 3 minutes 5 seconds,") == true, "\(texts)")
        }
        withExtendedLifetime(scratch) {}
    }

    @Test func anUnknownVoiceIsAConfigurationErrorListingTheInstalledVoices() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try Self.configuration("voice = \"no-such-voice\"")
        }
        #expect(error.kind == .invalidValue)
        #expect(error.key == "plugins.voice-coach.voice")
        #expect(error.line == 2)
        #expect(error.description.contains("\"no-such-voice\""))
        #expect(error.fix.contains("en-us"), "\(error.fix)")
        #expect(error.fix.contains("de"))
    }

    @Test(arguments: [
        ("figures = \"time, speed\"", "plugins.voice-coach.figures"), ("rate = 10", "plugins.voice-coach.rate"),
        ("max-heart-rate = 60", "plugins.voice-coach.max-heart-rate"),
        ("units = \"feet\"", "plugins.voice-coach.units"),
        ("every-minutes = -1", "plugins.voice-coach.every-minutes"), ("voice = 3", "plugins.voice-coach.voice"),
    ])
    func badSettingsAreConfigurationErrorsNamingTheKey(line: String, key: String) throws {
        let error = try #require(throws: ConfigurationError.self) { try Self.configuration(line) }
        #expect(error.key == key)
    }

    @Test func theSampleVoiceCoachSettingsAreTheDefaults() throws {
        let table = try SampleConfigurationFile.commentedOutTable(VoiceCoachPlugin.id)
        let sample = try VoiceCoachPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        let defaults = try VoiceCoachPlugin.Configuration(.empty(keyPath: ["plugins", "voice-coach"]))
        #expect(sample.speech == defaults.speech)
        #expect(sample.units == defaults.units && sample.speedStyle == defaults.speedStyle)
        #expect(sample.everyMinutes == defaults.everyMinutes && sample.everyDistance == defaults.everyDistance)
        #expect(sample.figures == defaults.figures)
        #expect(sample.maximumHeartRate == defaults.maximumHeartRate)
        #expect(sample.announcesZones == defaults.announcesZones)
        #expect(sample.zoneMarginBeatsPerMinute == defaults.zoneMarginBeatsPerMinute)
        #expect(sample.zoneHoldSeconds == defaults.zoneHoldSeconds)
        #expect(sample.speaksAnnouncements == defaults.speaksAnnouncements)
        #expect(sample.skipRoutineAfterSeconds == defaults.skipRoutineAfterSeconds)
        #expect(sample.queueSize == defaults.queueSize)
    }
}
