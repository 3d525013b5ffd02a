import Foundation
import HubCore
import MPV
import ServiceLifecycle

/// The one audio path: plays the workout's music and every `SpeechClip` on one output device (or into one WAV
/// file), lowering the music while speech plays.
///
/// Consumes `WorkoutStateChanged` (start, pause with, fade out with the workout), `MusicCommand` and `SpeechClip`;
/// publishes `AudioStatusChanged` (now playing, paused, stopped, Empty Playlist, skipped files, device failures)
/// and the `Announcement` "Empty Playlist". libmpv is opened only when this plugin runs.
public struct MusicPlugin: Plugin {
    public static let id: PluginID = "music"

    /// An output: on shutdown it stops after the workout engine, so the finished workout's spoken summary still
    /// plays.
    public static let capabilities: PluginCapabilities = [.presentsToPerson]

    private let configuration: Configuration
    private let context: PluginContext
    private let inbox: Inbox<Event>
    private let fileOutputStarted: (@Sendable (ContinuousClock.Instant) -> Void)?

    public init(configuration: Configuration, context: PluginContext) {
        self.init(configuration: configuration, context: context, fileOutputStarted: nil)
    }

    /// A plugin that also reports when a file output's first frame was, on the monotonic clock (benchmarks measure
    /// from it).
    public init(
        configuration: Configuration, context: PluginContext,
        fileOutputStarted: (@Sendable (ContinuousClock.Instant) -> Void)?
    ) {
        self.configuration = configuration
        self.context = context
        self.fileOutputStarted = fileOutputStarted
        // Subscribed now: speech published while the hub starts (a recovered workout) is still said.
        inbox = context.bus.inbox(of: Event.self, subscriber: "music", capacity: 256) {
            $0.route(WorkoutStateChanged.self) { .workout($0) }
            $0.route(MusicCommand.self) { .command($0.action) }
            $0.route(SpeechClip.self) { .speech($0) }
        }
    }

    private enum Event: Sendable {
        case workout(WorkoutStateChanged)
        case command(MusicCommand.Action)
        case speech(SpeechClip)
        case player(AudioOutput.Source, MPVEvent)
        case fade(generation: Int, remaining: Double)
        case speechOver(Int)
        case shutdown
    }

    public func run() async throws {
        let output: AudioOutput
        do {
            output = try AudioOutput(device: configuration.audioDevice)
        } catch {
            context.logger.error("\(error.description)")
            context.bus.publish(AudioStatusChanged(.deviceFailed(error.description)))
            throw error
        }
        if let card = output.soundCard { fileOutputStarted?(card.origin) }
        let speechFolder = try PrivateFolder.make(prefix: "stayfit-speech")
        defer { try? FileManager.default.removeItem(atPath: speechFolder) }
        let session = MusicSession(
            configuration: configuration, context: context, output: output, speechFolder: speechFolder)
        let inbox = self.inbox
        let fadeOut = configuration.fadeOut
        context.logger.info("audio output ready", metadata: ["device": "\(configuration.audioDevice)"])

        await withTaskGroup(of: Void.self) { group in
            group.addTask { [context] in
                // A recording cut off (a full disk) is not left at its path; whoever runs the hub is told.
                if let failure = await output.forwardEvents({ inbox.post(.player($0, $1)) }) {
                    context.logger.error("\(failure.description)")
                    context.bus.publish(AudioStatusChanged(.deviceFailed(failure.description)))
                }
            }
            await withGracefulShutdownHandler {
                for await event in inbox {
                    switch event {
                    case .workout(let change):
                        if session.workoutChanged(change) {
                            let generation = session.fadeGeneration
                            group.addTask { await Self.fade(over: fadeOut, generation: generation, into: inbox) }
                        }
                    case .command(let action): session.perform(action)
                    case .speech(let clip): session.speechArrived(clip)
                    case .player(.music, let event): session.musicEvent(event)
                    case .player(.speech, let event): session.speechEvent(event)
                    case .fade(let generation, let remaining):
                        session.fadeStep(generation: generation, remaining: remaining)
                    case .speechOver(let number): session.speechShouldBeOver(number)
                    case .shutdown: session.stopping = true
                    }
                    for (delay, number) in session.speechTimers {
                        group.addTask {
                            try? await Task.sleep(for: delay)
                            inbox.post(.speechOver(number))
                        }
                    }
                    session.speechTimers.removeAll()
                    // What was published before the shutdown is still said (the hub bounds how long that takes).
                    if session.stopping && session.isQuiet { break }
                }
            } onGracefulShutdown: {
                inbox.post(.shutdown)
            }
            output.shutdown()
            await group.waitForAll()
        }
    }

    /// Posts the fade-out's steps, 20 a second of real time: sound fades in real time whatever the hub's clock.
    private static func fade(over length: Duration, generation: Int, into inbox: Inbox<Event>) async {
        let steps = max(1, Int(length / .milliseconds(50)))
        for step in 1...steps {
            try? await Task.sleep(for: .milliseconds(50))
            inbox.post(.fade(generation: generation, remaining: 1 - Double(step) / Double(steps)))
        }
    }
}
