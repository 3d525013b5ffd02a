import EspeakNG
import HubCore
import ServiceLifecycle

/// The voice coach: says how the workout goes, in sentences, as `SpeechClip`s on the bus for the audio path to
/// play.
///
/// It turns events into sentences (`CoachScript`), queues them by priority (`SpeechQueue`), synthesises them one
/// at a time with eSpeak NG and publishes each clip with its priority and the instant of its event. It plays
/// nothing itself: the `music` plugin owns the audio device.
public struct VoiceCoachPlugin: Plugin {
    public static let id: PluginID = "voice-coach"

    /// It speaks to the person: on shutdown it stops after the workout engine, so the summary is still said.
    public static let capabilities: PluginCapabilities = [.presentsToPerson]

    private let configuration: Configuration
    private let context: PluginContext
    /// nil: eSpeak NG, started by `run()`.
    private let synthesizer: (any SpeechSynthesizer)?
    private let inbox: Inbox<Input>
    /// Told of every sentence as it is queued (tests wait on it instead of on time).
    private let queued: (@Sendable (Utterance) -> Void)?

    private enum Input: Sendable {
        case event(CoachEvent)
        /// Graceful shutdown, behind every message published before it.
        case shutdown
    }

    /// A coach that speaks with eSpeak NG. Does no I/O: the engine starts when the coach runs (init validates, run
    /// connects), so that a configuration check or a reload never waits for it.
    public init(configuration: Configuration, context: PluginContext) throws {
        self.init(configuration: configuration, context: context, synthesizer: nil, queued: nil)
    }

    /// A coach with another synthesizer (tests use a fake one).
    public init(configuration: Configuration, context: PluginContext, synthesizer: any SpeechSynthesizer) {
        self.init(configuration: configuration, context: context, synthesizer: synthesizer, queued: nil)
    }

    init(
        configuration: Configuration, context: PluginContext, synthesizer: (any SpeechSynthesizer)?,
        queued: (@Sendable (Utterance) -> Void)?
    ) {
        self.configuration = configuration
        self.context = context
        self.synthesizer = synthesizer
        self.queued = queued
        // Subscribed now, so that what the hub says while starting (a resumed workout) is said too.
        inbox = context.bus.inbox(of: Input.self, subscriber: "voice-coach", capacity: 256) {
            $0.route(WorkoutProgress.self) { .event(.progress($0)) }
            $0.route(WorkoutStateChanged.self) { .event(.state($0)) }
            $0.route(LapCompleted.self) { .event(.lap($0)) }
            $0.route(GoalProgress.self) { .event(.goal($0)) }
            $0.route(GoalReached.self) { .event(.goalReached($0)) }
            $0.route(WorkoutRecovered.self) { .event(.recovered($0)) }
            $0.route(SensorStatusChanged.self) { .event(.sensor($0)) }
            $0.route(Announcement.self) { .event(.announcement($0)) }
        }
    }

    public func run() async throws {
        let synthesizer: any SpeechSynthesizer
        if let injected = self.synthesizer {
            synthesizer = injected
        } else {
            let engine = try await EspeakEngine.started()
            synthesizer = EspeakSpeechSynthesizer(engine: engine, settings: configuration.speech)
        }
        var script = CoachScript(settings: configuration.scriptSettings, zones: await zoneTracker())
        // Sentences wait in real seconds, whatever the clock's speed (the queue judges that).
        let backlog = SpeechBacklog(
            SpeechQueue(capacity: configuration.queueSize, staleAfter: .seconds(configuration.skipRoutineAfterSeconds)))
        let inbox = self.inbox, clock = context.clock, logger = context.logger, queued = self.queued

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await speak(from: backlog, with: synthesizer) }

            await withGracefulShutdownHandler {
                for await input in inbox {
                    guard case .event(let event) = input else { break }
                    let sentences = script.handle(event, at: clock.instant)
                    guard !sentences.isEmpty else { continue }
                    let dropped = backlog.add(sentences)
                    sentences.forEach { queued?($0) }
                    for dropped in dropped {
                        logger.notice("speech queue full: dropped a sentence", metadata: ["text": "\(dropped.text)"])
                    }
                }
            } onGracefulShutdown: {
                inbox.post(.shutdown)
            }
            // What is queued is still said (the hub gives a front end bounded time for it), then the speaker ends.
            backlog.close()
            try await group.waitForAll()
        }
    }

    /// Takes sentences from the queue, most important first, and publishes each as a clip.
    private func speak(from backlog: SpeechBacklog, with synthesizer: any SpeechSynthesizer) async throws {
        let clock = context.clock, bus = context.bus, logger = context.logger
        var skipped = 0
        for await _ in backlog.doorbell {
            while let sentence = backlog.next(at: clock.instant, speed: clock.speed) {
                do {
                    let audio = try await synthesizer.synthesize(sentence.text)
                    logger.info(
                        "speech ready",
                        metadata: ["text": "\(sentence.text)", "seconds": "\(Phrases.oneDecimal(audio.duration))"])
                    bus.publish(
                        SpeechClip(
                            text: sentence.text, priority: sentence.priority, sampleRate: audio.sampleRate,
                            samples: audio.samples, eventAt: sentence.eventAt))
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    // One sentence the engine cannot say is no reason to stop coaching.
                    logger.error(
                        "cannot synthesise speech", metadata: ["text": "\(sentence.text)", "error": "\(error)"])
                }
            }
            let stale = backlog.staleCount
            if stale > skipped {
                logger.info("skipped stale routine sentences", metadata: ["count": "\(stale - skipped)"])
                skipped = stale
            }
        }
    }

    /// Zone tracking from the configured maximum heart rate, or one predicted from the profile's age; nil when
    /// zone changes are off or no maximum can be known.
    private func zoneTracker() async -> ZoneTracker? {
        guard configuration.announcesZones else { return nil }
        var maximum = configuration.maximumHeartRate
        if maximum == 0 {
            let age = try? await context.store((any ProfileSource).self).profile()?.ageYears(on: context.clock.now)
            guard let age = age.flatMap({ $0 }), age > 0 else {
                context.logger.notice(
                    "heart-rate zones are not announced: set max-heart-rate in [plugins.voice-coach] or a birth date in the profile"
                )
                return nil
            }
            maximum = Int(MaximumHeartRate.predicted(ageYears: age).rounded())
        }
        return ZoneTracker(
            maximumHeartRate: maximum, marginBeatsPerMinute: configuration.zoneMarginBeatsPerMinute,
            hold: .seconds(configuration.zoneHoldSeconds))
    }
}
