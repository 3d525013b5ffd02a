import Foundation
import HubCore
import HubTestKit
import Reports
import ServiceLifecycle
import Share
import Testing

/// The share plugin after a workout: the text published for the console, saved in a folder, said on request.
@Suite struct SharePluginTests {
    /// 30:00 and 5,000 m (10.0 km/h, 6:00 /km; 3.11 mi, 9:39 /mi), 312 kcal, 147.4 and 171 bpm, 5,400 steps.
    static let start = Date(timeIntervalSince1970: 1_795_000_000)
    static let workout = finishedWorkout(
        id: 7, start: start, seconds: 1800, meters: 5000, steps: 5400, kcal: 312, averageHeartRate: 147.4,
        maxHeartRate: 171)
    static let short = "5.00 km in 30:00 (6:00 /km), 312 kcal, avg HR 147."

    /// The local day and minute the workout started, from Foundation's calendar rather than the plugin's code.
    static func localStart(minute: Bool) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: start)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        return minute ? day + String(format: "-%02d%02d", parts.hour ?? 0, parts.minute ?? 0) : day
    }

    static func configuration(_ text: String = "") throws -> SharePlugin.Configuration {
        let file = try HubConfiguration(text: "[plugins.share]\n" + text, file: "/etc/stayfit/stayfit.toml")
        return try SharePlugin.Configuration(try #require(file.pluginTables["share"]))
    }

    static func finished(_ workout: Workout = workout) -> WorkoutStateChanged {
        WorkoutStateChanged(workoutID: workout.id, state: .finished, previous: .running, summary: workout)
    }

    /// Runs the plugin while `body` runs.
    static func running(
        _ configuration: SharePlugin.Configuration, context: PluginContext, _ body: () async throws -> Void
    ) async throws {
        let plugin = SharePlugin(configuration: configuration, context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            try await body()
            group.cancelAll()
        }
    }

    /// What the plugin publishes, in order: the announcements and the share texts.
    enum Output: Sendable, Equatable {
        case said(String)
        case ready(ShareTextReady)
    }

    static func outputs(of bus: MessageBus) -> Inbox<Output> {
        bus.inbox(of: Output.self, subscriber: "test") {
            $0.route(Announcement.self) { .said($0.text) }
            $0.route(ShareTextReady.self) { .ready($0) }
        }
    }

    @Test func theTextsOfAFinishedWorkoutArePublishedAndNothingElseIsShared() async throws {
        let (context, directory) = try PluginContext.test()
        _ = directory
        let outputs = Self.outputs(of: context.bus)
        try await Self.running(try Self.configuration(), context: context) {
            // A pause is no end: only the finished workout is shared.
            context.bus.publish(WorkoutStateChanged(workoutID: 7, state: .paused, previous: .running))
            context.bus.publish(Self.finished())
            let first = try await outputs.next()
            #expect(
                first
                    == .ready(
                        ShareTextReady(
                            workoutID: 7, short: Self.short,
                            long: "Workout on \(Self.localStart(minute: false)): 5.00 km in 30:00, average pace "
                                + "6:00 /km (10.0 km/h). Heart rate: average 147, highest 171 bpm. Energy 312 kcal, "
                                + "5,400 steps. Recorded with StayFit Hub.")))
        }
    }

    @Test func theTextIsInTheUnitsOfReports() async throws {
        var (context, directory) = try PluginContext.test()
        _ = directory
        context.units = .imperial
        let outputs = Self.outputs(of: context.bus)
        try await Self.running(try Self.configuration(), context: context) {
            context.bus.publish(Self.finished())
            guard case .ready(let share) = try await outputs.next() else { Issue.record("no share text"); return }
            #expect(share.short == "3.11 mi in 30:00 (9:39 /mi), 312 kcal, avg HR 147.")
        }
    }

    @Test func theShortTextIsSaidOnlyWhenAsked() async throws {
        for speak in [false, true] {
            let (context, directory) = try PluginContext.test()
            _ = directory
            let outputs = Self.outputs(of: context.bus)
            try await Self.running(try Self.configuration("speak = \(speak)\n"), context: context) {
                context.bus.publish(Self.finished())
                // Said before it is published for the console: without speech, the share text comes first.
                if speak { #expect(try await outputs.next() == .said(Self.short)) }
                guard case .ready(let share) = try await outputs.next() else { Issue.record("no share text"); return }
                #expect(share.short == Self.short)
            }
        }
    }

    @Test func theTextsAreSavedInTheFolderUnderANameOfTheirOwnAndNoFileIsReplaced() async throws {
        let (context, directory) = try PluginContext.test()
        let folder = directory.path("shared/workouts")
        let first = "\(Self.localStart(minute: true))-workout.txt"
        // Someone's file with the first name: kept as it is.
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/" + first, atomically: true, encoding: .utf8)
        let outputs = Self.outputs(of: context.bus)
        try await Self.running(try Self.configuration("folder = \"\(folder)\"\n"), context: context) {
            for expected in ["-workout-2.txt", "-workout-3.txt"] {
                context.bus.publish(Self.finished())
                guard case .ready(let share) = try await outputs.next() else { Issue.record("no share text"); return }
                let path = folder + "/" + Self.localStart(minute: true) + expected
                #expect(share.file == path)
                #expect(
                    try String(contentsOfFile: path, encoding: .utf8) == share.short + "\n\n" + share.long + "\n")
            }
        }
        #expect(try String(contentsOfFile: folder + "/" + first, encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)
    }

    /// A name the person never chose, taken by a folder or a link to nothing: the next name, not advice about it.
    @Test func aNameTakenByAFolderOrADanglingLinkIsPassedOver() async throws {
        let (context, directory) = try PluginContext.test()
        let folder = directory.path("shared")
        let stem = folder + "/" + Self.localStart(minute: true)
        try FileManager.default.createDirectory(atPath: stem + "-workout.txt", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: stem + "-workout-2.txt", withDestinationPath: "/nowhere")
        let outputs = Self.outputs(of: context.bus)
        try await Self.running(try Self.configuration("folder = \"\(folder)\"\n"), context: context) {
            context.bus.publish(Self.finished())
            guard case .ready(let share) = try await outputs.next() else { Issue.record("no share text"); return }
            #expect(share.file == stem + "-workout-3.txt")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: stem + "-workout-2.txt") == "/nowhere")
    }

    @Test func aRelativeFolderStartsFromTheConfigurationFilesDirectory() throws {
        #expect(try Self.configuration("folder = \"shared\"\n").folder == "/etc/stayfit/shared")
        #expect(try Self.configuration("folder = \"/srv/share\"\n").folder == "/srv/share")
        #expect(try Self.configuration().folder == nil)
    }

    @Test func aFolderThatCannotBeMadeIsAnnouncedAndTheTextIsStillPublished() async throws {
        let (context, directory) = try PluginContext.test()
        let file = try directory.write("plain", "a file, not a folder\n")
        let outputs = Self.outputs(of: context.bus)
        try await Self.running(try Self.configuration("folder = \"\(file)/shared\"\n"), context: context) {
            context.bus.publish(Self.finished())
            guard case .said(let problem) = try await outputs.next() else { Issue.record("no announcement"); return }
            #expect(problem.hasPrefix("Cannot save the share text: "), "\(problem)")
            #expect(problem.contains("\(file) is a file, not a folder"), "\(problem)")
            guard case .ready(let share) = try await outputs.next() else { Issue.record("no share text"); return }
            #expect(share.short == Self.short)
            #expect(share.file == nil)
        }
    }

    /// The hub's shutdown finishes a workout under way and then stops the plugin: the workout is still shared.
    @Test func aWorkoutFinishedJustBeforeTheShutdownIsStillShared() async throws {
        let (context, directory) = try PluginContext.test()
        _ = directory
        let outputs = Self.outputs(of: context.bus)
        let plugin = SharePlugin(configuration: try Self.configuration(), context: context)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [plugin], logger: context.logger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            context.bus.publish(Self.finished())
            await group.triggerGracefulShutdown()
            try await tasks.next()
        }
        guard case .ready(let share) = try await outputs.next() else { Issue.record("no share text"); return }
        #expect(share.short == Self.short)
    }

    /// A restarted plugin is a new instance with a subscription of its own: it still shares what finishes after.
    @Test func aWorkoutFinishedAfterASupervisedRestartIsStillShared() async throws {
        let clock = ManualClock()
        let (context, directory) = try PluginContext.test(clock: clock)
        _ = directory
        let configuration = try Self.configuration()
        let outputs = Self.outputs(of: context.bus)
        try await withSupervisedRestart(of: SharePlugin.id, clock: clock, bus: context.bus) {
            SharePlugin(configuration: configuration, context: context)
        } _: { restart in
            context.bus.publish(Self.finished())
            guard case .ready(let before) = try await outputs.next() else { Issue.record("no share text"); return }
            #expect(before.workoutID == 7)

            try await restart.failFirstRunAndRestart()

            var next = Self.workout
            next.id = 8
            context.bus.publish(Self.finished(next))
            guard case .ready(let after) = try await outputs.next() else { Issue.record("no share text"); return }
            #expect(after.workoutID == 8)
            #expect(after.short == Self.short)
        }
    }
}
