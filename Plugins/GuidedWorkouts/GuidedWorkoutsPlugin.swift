import HubCore
import Programs
import ServiceLifecycle
import Synchronization

/// Guided workouts: the chosen program followed through the workout, each step announced as it starts, timed steps
/// counted down, power targets sent to a smart trainer, and cues when the power or heart rate is off target.
///
/// `ChooseProgram` chooses (the plugin says its name); the program starts with the next workout and stops with it.
/// `ProgramCommand`s (`done`, `done 8`, `skip`, `easier`, `harder`) steer it. It publishes `Announcement`s,
/// `MachineTarget`s and `ProgramStepStarted`. The run itself is a ``ProgramRun``; this is its wiring to the bus.
///
/// Off by default: a `[plugins.programs]` table turns it on.
public struct GuidedWorkoutsPlugin: Plugin {
    public static let id: PluginID = "programs"

    /// The `[plugins.programs]` table.
    public struct Configuration: PluginConfiguration {
        /// Functional threshold power, for targets in % of FTP (`ftp = 230`); none (0): the profile's, if any.
        public var ftpWatts: Int?
        /// Maximum heart rate, for heart-rate zone cues (`max-heart-rate = 185`); none (0): predicted from the
        /// profile's birth date, if any.
        public var maxHeartRate: Int?
        /// The program chosen at start-up, by id or name (`program = "8x400"`).
        public var program: String?

        public init(_ table: ConfigTable) throws {
            // 0 (the default) is none: a figure of 0 is one never set.
            let ftp = try table.int("ftp", default: 0, in: 0...2000)
            guard ftp == 0 || ftp >= 30 else {
                throw table.invalid(
                    "ftp", problem: "\(ftp) W is no functional threshold power",
                    fix: "Give it in watts, from 30 to 2000, or 0 (or no line) for none.")
            }
            ftpWatts = ftp == 0 ? nil : ftp
            let maximum = try table.int("max-heart-rate", default: 0, in: 0...230)
            guard maximum == 0 || maximum >= 100 else {
                throw table.invalid(
                    "max-heart-rate", problem: "\(Format.counted(maximum, "beat")) a minute is no maximum heart rate",
                    fix: "Give it in beats a minute, from 100 to 230, or 0 (or no line) for none.")
            }
            maxHeartRate = maximum == 0 ? nil : maximum
            program = try table.optionalString("program")
        }

        public init(ftpWatts: Int? = nil, maxHeartRate: Int? = nil, program: String? = nil) {
            self.ftpWatts = ftpWatts
            self.maxHeartRate = maxHeartRate
            self.program = program
        }
    }

    private enum Event: Sendable {
        case choose(ChooseProgram.Choice)
        case command(ProgramCommand.Action)
        case state(WorkoutStateChanged)
        case progress(WorkoutProgress)
        case stop
    }

    private let configuration: Configuration
    private let context: PluginContext
    private let library: any ProgramLibrary
    private let inbox: Inbox<Event>
    /// Whether a program runs, read by the progress route inside `publish`.
    private let following = Following()

    /// Chooses from the store's programs (the built-in ones and the person's own), or the built-in ones alone when
    /// the hub's storage has none.
    public init(configuration: Configuration, context: PluginContext) {
        let library: any ProgramLibrary =
            (try? context.store((any ProgramShelf).self)).map { ShelfProgramLibrary(shelf: $0) }
            ?? BuiltInProgramLibrary()
        self.init(configuration: configuration, context: context, library: library)
    }

    /// A plugin choosing from another library: the store's programs, or a test's.
    public init(configuration: Configuration, context: PluginContext, library: any ProgramLibrary) {
        self.configuration = configuration
        self.context = context
        self.library = library
        let following = following
        inbox = context.bus.inbox(of: Event.self, subscriber: Self.id.rawValue) {
            $0.route(ChooseProgram.self) { .choose($0.choice) }
            $0.route(ProgramCommand.self) { .command($0.action) }
            $0.route(WorkoutStateChanged.self) { .state($0) }
            // The workout's second wakes the plugin only while a program runs; otherwise it waits, as the newest
            // only, for the next message that does: a hub with the plugin on and no program costs no wake-up a second.
            $0.route(WorkoutProgress.self, delivery: { following.isOn ? .wake(.progress($0)) : .latest(.progress($0)) })
        }
    }

    public func run() async throws {
        let inbox = inbox
        var session = ProgramSession(settings: await settings())
        if let name = configuration.program {
            let entries = await programs()
            if let entry = entries.named(name) {
                session.chosen = entry
            } else {
                // The configuration is read before the store is open, so this is the first moment to know.
                context.logger.warning("no program of that id or name", metadata: ["program": "\(name)"])
                publish([Announcement("No program called \(name). Choose one with program on the console.")])
            }
        }
        var steps = StepLog(context: context)
        await withGracefulShutdownHandler {
            loop: for await event in inbox {
                switch event {
                case .choose(let choice): publish(session.choose(choice, from: await programs()))
                case .command(let action): publish(session.handle(action))
                case .state(let change):
                    steps.workoutChanged(change)
                    if change.state == .running, change.previous == .idle || change.previous == .finished,
                        session.chosen != nil
                    {
                        publish(session.refreshChosen(from: try? await library.programs()))
                    }
                    publish(session.stateChanged(change, at: context.clock.now))
                case .progress(let progress):
                    publish(session.progress(progress, at: context.clock.wallTime(of: progress.at)))
                case .stop: break loop
                }
                following.isOn = session.run != nil
                // After what the step's end says is published: the store never holds up the next step's words.
                await steps.save(from: session)
            }
        } onGracefulShutdown: {
            inbox.post(.stop)
        }
    }

    /// The FTP and maximum heart rate of `[plugins.programs]`, else the profile's as it is now: its FTP (`stayfit
    /// profile set --ftp`) and the maximum predicted from its birth date, as the voice coach's zones have it.
    private func settings() async -> ProgramRun.Settings {
        var settings = ProgramRun.Settings(ftpWatts: configuration.ftpWatts, maxHeartRate: configuration.maxHeartRate)
        guard settings.ftpWatts == nil || settings.maxHeartRate == nil,
            let profile = try? await context.store((any ProfileSource).self).profile()
        else { return settings }
        settings.ftpWatts = settings.ftpWatts ?? profile.ftpWatts
        if settings.maxHeartRate == nil, let age = profile.ageYears(on: context.clock.now), age > 0 {
            settings.maxHeartRate = Int(MaximumHeartRate.predicted(ageYears: age).rounded())
        }
        return settings
    }

    private func programs() async -> [ProgramLibraryEntry] {
        do {
            return try await library.programs()
        } catch {
            context.logger.error("cannot read the programs", metadata: ["error": "\(error)"])
            return []
        }
    }

    private func publish(_ messages: [any BusMessage]) {
        for message in messages { context.bus.publish(message) }
    }
}

/// A flag the run loop sets and the bus's route reads, on another thread.
private final class Following: Sendable {
    private let flag = Atomic(false)

    var isOn: Bool {
        get { flag.load(ordering: .acquiring) }
        set { flag.store(newValue, ordering: .releasing) }
    }
}
