import Foundation
import HubCore
import ServiceLifecycle
import Synchronization

/// The fallback front end: on a terminal, a live status line and single-key commands; on a pipe or under a
/// service, typed line commands and one plain line per event, so it can be scripted.
public struct ConsolePlugin: Plugin {
    public static let id: PluginID = "console"

    public enum Mode: String, CaseIterable, Sendable {
        /// Interactive when standard input and output are both terminals, line mode otherwise.
        case auto
        case interactive
        case lines
    }

    public struct Configuration: PluginConfiguration {
        public var mode: Mode
        /// In line mode, a progress line every this many seconds of workout time (0: never).
        public var progressEverySeconds: Int
        /// Whether announcements (what the voice coach says) are printed; `stayfit demo` prints the coach's
        /// sentences itself, once each.
        public var showsAnnouncements: Bool

        public init(_ table: ConfigTable) throws {
            mode = try table.choice("mode", default: Mode.auto)
            progressEverySeconds = try table.int("progress-every-seconds", default: 60, in: 0...86_400)
            showsAnnouncements = try table.bool("show-announcements", default: true)
        }
    }

    /// A front end: on shutdown it stops after the workout engine, so it still prints the finished workout.
    public static let capabilities: PluginCapabilities = [.presentsToPerson]

    private let configuration: Configuration
    private let context: PluginContext
    private let inbox: Inbox<Event>
    private let io: Streams

    /// The file descriptors the console talks through: standard input and output, or a test's pipes.
    struct Streams: Sendable {
        var input: Int32 = STDIN_FILENO
        var output: Int32 = STDOUT_FILENO
    }

    public init(configuration: Configuration, context: PluginContext) {
        self.init(configuration: configuration, context: context, io: Streams())
    }

    /// A console on other file descriptors than standard input and output (tests use pipes).
    init(configuration: Configuration, context: PluginContext, io: Streams) {
        self.configuration = configuration
        self.context = context
        self.io = io
        // Subscribed now, so that announcements made while the hub starts (a recovered workout) are shown. One
        // inbox for every type: what was published before the shutdown marker is printed before the console stops.
        let progressWakes = Self.progressWakes(configuration: configuration)
        let showsAnnouncements = configuration.showsAnnouncements
        inbox = context.bus.inbox(of: Event.self, subscriber: "console", capacity: 1024) {
            $0.route(
                WorkoutProgress.self, delivery: { progressWakes($0) ? .wake(.progress($0)) : .latest(.progress($0)) })
            // The goal's figure of a second: shown with the status line it belongs to, never waking the console.
            $0.route(GoalProgress.self, delivery: { .latest(.goal($0)) })
            $0.route(Announcement.self) { showsAnnouncements ? .line($0.text) : nil }
            $0.route(WorkoutStateChanged.self) { .state($0) }
            $0.route(PluginFailed.self) { .line(Self.text(for: $0)) }
            $0.route(SensorStatusChanged.self) { .line(SensorLine.text(for: $0)) }
            $0.route(AudioStatusChanged.self) { MusicLine.text(for: $0).map(Event.line) }
            $0.route(ShareTextReady.self) { .lines(ShareLine.lines(for: $0)) }
        }
    }

    private enum Event: Sendable {
        case input([UInt8])
        case progress(WorkoutProgress)
        case goal(GoalProgress)
        case line(String)
        /// Lines of one event, printed together.
        case lines([String])
        case state(WorkoutStateChanged)
        /// Graceful shutdown, queued behind every message published before it, so that those are still printed.
        case shutdown
    }

    /// Whether a workout's second wakes the console: every one for the status line on a terminal; in lines mode
    /// only one that starts a new `progress-every-seconds` mark, which prints a line. The others wait in the inbox
    /// (the latest only, for the `status` command) and cost no wake-up. Decided inside `publish`, from the marks
    /// seen there, so a second the engine skips cannot hide a mark.
    private static func progressWakes(configuration: Configuration) -> @Sendable (WorkoutProgress) -> Bool {
        if configuration.mode == .interactive || (configuration.mode == .auto && Terminal.isInteractive) {
            return { _ in true }
        }
        let every = configuration.progressEverySeconds
        guard every > 0 else { return { _ in false } }
        let lastMark = Atomic<Int>(-1)
        return { progress in
            guard progress.state == .running else { return false }
            let mark = Int(progress.moving.seconds) / every
            return lastMark.exchange(mark, ordering: .relaxed) != mark
        }
    }

    private static func text(for failure: PluginFailed) -> String {
        "Problem with \(failure.plugin): \(failure.reason)"
            + (failure.restartIn.map { " (retrying in \(Format.clock($0)))" } ?? "")
    }

    public func run() async throws {
        let interactive =
            configuration.mode == .interactive || (configuration.mode == .auto && Terminal.isInteractive)
        var terminal = Terminal()
        if interactive { terminal.enterRawMode() }
        defer { terminal.restore() }
        var output = ConsoleOutput(interactive: interactive, fd: io.output, logger: context.logger)
        output.line(
            "StayFit Hub is ready. " + (interactive ? ConsoleCommand.keyHelp : "Type 'help' for the commands."))

        let reader = InputReader(fd: io.input)
        let inbox = self.inbox
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await chunk in reader.chunks() { inbox.post(.input(chunk)) } }

            var session = Session(configuration: configuration, interactive: interactive)
            await withGracefulShutdownHandler {
                eventLoop: for await event in inbox {
                    switch event {
                    case .shutdown:
                        break eventLoop
                    case .input(let bytes):
                        for command in session.commands(from: bytes) {
                            perform(command, session: &session, output: &output)
                        }
                        for unknown in session.takeUnknownLines() {
                            // Cut: a line pasted by mistake (or a file piped in) is not worth a screenful back.
                            let shown = Format.printable(unknown, limit: Self.longestEcho)
                            output.line("Unknown command '\(shown)'. Type 'help' for the commands.")
                        }
                    case .progress(let progress):
                        session.latest = progress
                        output.status(StatusLine.text(for: progress, goal: session.goal))
                        if session.shouldPrintProgress(progress) {
                            output.line(
                                clockStamp(interactive: interactive)
                                    + StatusLine.text(for: progress, goal: session.goal, plain: true))
                        }
                    case .goal(let goal):
                        session.goal = goal
                    case .state(let change):
                        if change.state == .finished || change.state == .idle {
                            session.latest = nil
                            session.goal = nil
                            output.status("")
                        }
                    case .line(let text):
                        output.line(clockStamp(interactive: interactive) + text)
                    case .lines(let texts):
                        for text in texts { output.line(clockStamp(interactive: interactive) + text) }
                    }
                }
            } onGracefulShutdown: {
                inbox.post(.shutdown)
            }
            reader.stop()
            output.finish()
            group.cancelAll()
        }
    }

    private func perform(_ command: ConsoleCommand, session: inout Session, output: inout ConsoleOutput) {
        switch command {
        case .workout(let action): context.bus.publish(WorkoutCommand(action))
        case .start(let kind): context.bus.publish(WorkoutCommand(.start, kind: kind))
        case .chooseKind(let kind): context.bus.publish(ChooseWorkoutKind(.kind(kind)))
        case .target(let target): context.bus.publish(MachineTarget(target))
        case .chooseProgram(let choice): context.bus.publish(ChooseProgram(choice))
        case .choosePerson(let choice): context.bus.publish(ChoosePerson(choice))
        case .today:
            publishRequest(TodayRequested(source: "console"), orSay: Self.nothingAnswersToday, on: &output)
        case .week:
            publishRequest(TodayRequested(source: "console", span: .week), orSay: Self.nothingAnswersToday, on: &output)
        case .program(let action): context.bus.publish(ProgramCommand(action))
        case .mistake(let explanation): output.line(explanation)
        case .music(let action): context.bus.publish(MusicCommand(action))
        case .status:
            output.line(
                clockStamp(interactive: session.interactive)
                    + (session.latest.map { StatusLine.text(for: $0, goal: session.goal, plain: true) }
                        ?? "No workout under way."))
        case .statusNow:
            publishRequest(StatusRequested(source: "console"), orSay: Self.nothingAnswersStatusNow, on: &output)
        case .help:
            output.line(session.interactive ? ConsoleCommand.keyHelp : ConsoleCommand.lineHelp)
        case .quit:
            context.bus.publish(ShutdownCommand(reason: "quit from the console"))
        }
    }

    static let nothingAnswersStatusNow =
        "Nothing on this hub answers 'status now': the status plugin is switched off ([plugins.status] enabled = false)."
    static let nothingAnswersToday =
        "Nothing on this hub answers 'today': the calories plugin is switched off ([plugins.calories] enabled = false)."

    /// A request whose answer comes from another plugin: said at once when no plugin would answer it, so the person
    /// is not left waiting for a sentence that never comes.
    private func publishRequest<M: BusMessage>(_ request: M, orSay explanation: String, on output: inout ConsoleOutput)
    {
        if context.bus.hasSubscribers(of: M.self) {
            context.bus.publish(request)
        } else {
            output.line(explanation)
        }
    }

    /// `07:31:02 ` in line mode (hub time), nothing on a terminal.
    private func clockStamp(interactive: Bool) -> String {
        guard !interactive else { return "" }
        return Format.timeOfDay(context.clock.now) + " "
    }

    /// How many characters of an unknown command are echoed, before `…`.
    static let longestEcho = 40
    /// How many bytes of a typed line are kept: the longest command is 11 characters, and anything longer than
    /// this is unknown whatever follows, so the rest up to the line's end is dropped rather than held.
    static let longestLine = 256

    /// Input assembly and progress throttling for one run of the console.
    private struct Session {
        let configuration: Configuration
        let interactive: Bool
        var latest: WorkoutProgress?
        /// The latest progress towards the goal (the goals plugin's), shown with `latest`.
        var goal: GoalProgress?
        private var partialLine: [UInt8] = []
        /// Whether the line being typed is longer than `longestLine`, and what is kept of it only its start.
        private var partialLineIsCut = false
        private var unknownLines: [String] = []
        private var lastProgressMark = -1

        init(configuration: Configuration, interactive: Bool) {
            self.configuration = configuration
            self.interactive = interactive
        }

        mutating func commands(from bytes: [UInt8]) -> [ConsoleCommand] {
            if interactive { return bytes.compactMap(ConsoleCommand.forKey) }
            var commands: [ConsoleCommand] = []
            for byte in bytes {
                guard byte == UInt8(ascii: "\n") else {
                    if partialLine.count < ConsolePlugin.longestLine {
                        partialLine.append(byte)
                    } else {
                        partialLineIsCut = true
                    }
                    continue
                }
                let line = String(decoding: partialLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                let isCut = partialLineIsCut
                partialLine.removeAll()
                partialLineIsCut = false
                guard !line.isEmpty, !line.hasPrefix("#") else { continue }
                if isCut {
                    // No command, even when what was kept of it reads as one; echoed as cut, which it is.
                    unknownLines.append(line + "…")
                } else if let command = ConsoleCommand.parse(line: line) {
                    commands.append(command)
                } else {
                    unknownLines.append(line)
                }
            }
            return commands
        }

        mutating func takeUnknownLines() -> [String] {
            defer { unknownLines.removeAll() }
            return unknownLines
        }

        /// In line mode, true once per `progress-every-seconds` of moving time.
        mutating func shouldPrintProgress(_ progress: WorkoutProgress) -> Bool {
            guard !interactive, configuration.progressEverySeconds > 0, progress.state == .running else { return false }
            let mark = Int(progress.moving.seconds) / configuration.progressEverySeconds
            guard mark != lastProgressMark, Int(progress.moving.seconds) > 0 else { return false }
            lastProgressMark = mark
            return true
        }
    }
}
