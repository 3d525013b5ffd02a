import ArgumentParser
import Console
import Foundation
import HubCore
import HubStore
import Music
import Simulator
import VoiceCoach

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Play a simulated workout (10 minutes in about 10 seconds) into a throw-away database, show what the voice "
            + "coach says and the workout's summary."
    )

    @Option(help: "Length of the built-in run, in minutes (1 to 600; 10, or with --program what it needs).")
    var minutes: Int?

    @Option(
        help: ArgumentHelp(
            "Follow this program (an id or a name from stayfit programs list): every cue and every target sent is "
                + "shown, a set ends after 40 simulated seconds, and the workout ends with the program.",
            valueName: "program"))
    var program: String?

    @Option(
        help: ArgumentHelp(
            "The kind of workout: run (the default), walk, ride, indoor-ride (a spin bike with power and cadence), "
                + "treadmill, row, strength or other.", valueName: "kind"))
    var kind: String?

    @Option(help: "How many times faster than real time to play it (0.1 to 1000).")
    var speed: Double = 60

    @Option(
        help: ArgumentHelp(
            "Play this recording (CSV, GPX or TCX) instead of the built-in run (see Plugins/Simulator/README.md).",
            valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("Keep the database in this directory instead of a throw-away one.", valueName: "dir"))
    var dataDir: String?

    @Option(
        help: ArgumentHelp(
            "Write everything the hub plays (music and speech, mixed as played) into this WAV file.",
            valueName: "file.wav"))
    var audioOut: String?

    @OptionGroup var replace: ReplaceOption

    @Flag(help: "Show the hub's log (info level) on stderr.")
    var verbose = false

    func validate() throws {
        try StoreOptions.validate(dataDir: dataDir)
        if let file, file.allSatisfy(\.isWhitespace) {
            throw ValidationError(
                "--file needs a path to a CSV, GPX or TCX recording (got \"\(file)\"); leave it out for the built-in run."
            )
        }
        if audioOut == SafeFileWriter.standardOutput {
            throw ValidationError(
                "--audio-out - (standard output) is not supported: the WAV header is completed at the end, so give a "
                    + "file name ending in .wav, e.g. --audio-out demo.wav.")
        }
        if let audioOut, !audioOut.lowercased().hasSuffix(".wav") || audioOut.hasSuffix("/") {
            throw ValidationError(
                "--audio-out needs a file name ending in .wav (got \"\(audioOut)\"), e.g. --audio-out demo.wav.")
        }
        if let kind {
            do { _ = try WorkoutKind(parsing: kind) } catch { throw ValidationError("--kind: \(error).") }
        }
        if let minutes, !(1...600).contains(minutes) {
            throw ValidationError("--minutes must be from 1 to 600 (got \(minutes)).")
        }
        if let program, program.allSatisfy(\.isWhitespace) {
            throw ValidationError(
                "--program needs an id or a name, e.g. --program \"8 x 400 m\" (see stayfit programs list).")
        }
        guard (0.1...1000).contains(speed) else {
            throw ValidationError("--speed must be from 0.1 to 1000 (got \(speed)).")
        }
    }

    func run() async throws {
        try await reportingErrors {
            let keep = dataDir != nil
            let directory =
                try dataDir.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.url(
                    for: .itemReplacementDirectory, in: .userDomainMask,
                    appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()),
                    create: true)
            defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
            // A kept directory may be a hub's: the demo is a hub, one per data directory.
            let lock = try await StoreOptions.lockForHub(directory: directory)
            defer { withExtendedLifetime(lock) {} }

            if let audioOut {
                // Refused (or asked) now, not after the run: the hub's music plugin replaces the file it records.
                try SafeFileWriter(
                    path: audioOut, ifExists: replace.ifExists(at: audioOut), allowsStandardOutput: false
                ).discard()
            }
            let musicFolder = try audioOut.map { _ in try PrivateFolder.make(prefix: "stayfit-demo-music") }
            defer { if let musicFolder { try? FileManager.default.removeItem(atPath: musicFolder) } }
            let music = try audioOut.map { try demoMusic(into: $0, folder: musicFolder ?? "") } ?? ""
            let store = try HubStore(directory: directory, announcesWrites: false)  // the demo hub's own
            var followed: DemoProgram?
            if let program { followed = try await DemoProgram(named: program, store: store, now: Date()) }
            let played = try kind.map { try WorkoutKind(parsing: $0) } ?? followed?.entry.program.kind ?? .default
            let length = minutes ?? followed?.minutes ?? 10
            let source = file.map { "file = \(TOMLKeyEdit.basicString($0))" } ?? "minutes = \(length)"
            let text = """
                [hub]
                log-level = "\(verbose ? "info" : "warning")"

                [plugins.simulator]
                \(source)
                workout = "auto"
                when-done = "quit"
                kind = "\(played.rawValue)"

                [plugins.console]
                progress-every-seconds = 60
                # Without audio the demo prints every sentence the coach says (below), once; with audio a sentence
                # said late may be skipped, so the console prints them all as well.
                show-announcements = \(audioOut != nil)

                [plugins.voice-coach]
                \(music)

                \(followed?.table(quoting: TOMLKeyEdit.basicString) ?? "")
                """
            let configuration = try HubConfiguration(text: text, file: "stayfit demo")
            let logger = LogSetup.bootstrap(level: configuration.logLevel)
            // Without an audio output the coach's sentences are shown, not synthesised: no speech engine runs.
            let registry =
                audioOut != nil
                ? pluginRegistry
                : PluginRegistry(
                    pluginRegistry.types.map { $0.id == VoiceCoachPlugin.id ? SilentVoiceCoachPlugin.self : $0 })
            let clock = SystemClock(speed: speed)
            // Speech plays in real time however fast the clock: when the simulated workout ends, what it said in its
            // last minutes (a second each) is still to be heard, the summary last. The hub waits for it all.
            let hub: Hub
            do {
                hub = try Hub(
                    configuration: configuration, registry: registry, store: store, clock: clock, logger: logger,
                    presenterStopTimeout: audioOut != nil ? .seconds(300) : .seconds(20))
            } catch let error as ConfigurationError where file != nil && error.key == "plugins.simulator.file" {
                // The configuration is the demo's own: say what is wrong with the file given, not a line of it.
                let fix =
                    error.fix.contains("\"\"")
                    ? "Give --file a recording (CSV, GPX or TCX; see Plugins/Simulator/README.md), or leave --file "
                        + "out for the built-in run." : error.fix
                throw CLIError(
                    "\(Format.printable(error.problem, limit: 300)). \(fix)", exitCode: ConfigurationError.exitCode)
            }
            let session =
                SyntheticIndoorSession.make(kind: played, minutes: 1) != nil ? played.name.lowercased() : "run"
            let what =
                if let file { "the recording \(file)" } else if followed != nil { "a simulated \(session)" } else {
                    "a \(length)-minute simulated \(session)"
                }
            let following = followed.map { ", following \($0.description); the workout ends with the program" } ?? ""
            // Unbuffered, so it comes before the console's lines when stdout is a pipe.
            writeLine("StayFit Hub demo: \(what) at \(speed.formatted())× real time\(following).")
            // The recording's failures (a full disk): the music plugin says them on the bus as the hub stops.
            let audioFailures = hub.bus.inbox(of: String.self, subscriber: "demo") {
                $0.route(AudioStatusChanged.self) {
                    if case .deviceFailed(let reason) = $0.status { reason } else { nil }
                }
            }
            // Every sentence the coach says, labelled with the (simulated) time of the event it speaks about.
            // Every sentence the coach says, labelled with the (simulated) time of the event it speaks about, and
            // every target sent to the (simulated) machine and every press of the simulated person.
            let cues = hub.bus.inbox(of: String.self, subscriber: "demo-cues", capacity: 1024) {
                $0.route(SpeechClip.self) { "\(Format.timeOfDay(clock.wallTime(of: $0.eventAt))) Coach: \($0.text)" }
                $0.route(MachineTarget.self) { "\(Format.timeOfDay(clock.now)) Target sent: \($0.target.words)" }
                $0.route(ProgramCommand.self) { _ in "\(Format.timeOfDay(clock.now)) You: done" }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await line in cues { writeLine(line) }
                }
                if followed != nil {
                    let person = DemoPerson(bus: hub.bus, clock: clock)
                    group.addTask { await person.run() }
                }
                defer { cues.finish() }
                try await hub.run()
                group.cancelAll()
            }
            audioFailures.finish()
            var audioFailure: String?
            for await reason in audioFailures where audioFailure == nil { audioFailure = reason }

            guard let workout = try await store.workouts(limit: 1).first, workout.status == .finished else {
                throw CLIError("the demo ended without a finished workout; run it with --verbose to see why")
            }
            print(Summary.text(for: workout))
            if keep {
                print(
                    "Stored in \(directory.path). See it with: stayfit workouts show \(workout.id) --data-dir \(directory.path)"
                )
            }
            if let audioFailure, audioOut != nil {
                throw CLIError(audioFailure)
            }
        }
    }

    /// The `[plugins.music]` table that plays the self-made music, written into `folder`, and the coach's speech
    /// into `path`.
    private func demoMusic(into path: String, folder: String) throws -> String {
        _ = try SelfMadeMusic.write(into: folder)
        return """
            [plugins.music]
            audio-device = \(TOMLKeyEdit.basicString(path))
            playlist = \(TOMLKeyEdit.basicString(folder))
            volume = 80
            """
    }
}
