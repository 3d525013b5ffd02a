import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import Logging
import ServiceLifecycle
import Testing

@testable import Console

/// The console as a supervised plugin: it comes back whole after a restart, and it stops only after printing what
/// was published before it was asked to.
@Suite(.timeLimit(.minutes(5))) struct ConsoleRestartTests {
    static func lineMode() throws -> ConsolePlugin.Configuration {
        try ConsolePlugin.Configuration(
            try #require(
                try HubConfiguration(
                    text: "[plugins.console]\nmode = \"lines\"\nprogress-every-seconds = 0", file: "stayfit.toml"
                ).pluginTables["console"]))
    }

    @Test func theConsoleStillPrintsWhatIsPublishedAfterASupervisedRestart() async throws {
        let clock = ManualClock()
        let (context, directory) = try PluginContext.test(clock: clock)
        defer { withExtendedLifetime(directory) {} }
        let terminal = try FakeTerminal()
        let configuration = try Self.lineMode()

        try await withSupervisedRestart(of: ConsolePlugin.id, clock: clock, bus: context.bus) {
            ConsolePlugin(configuration: configuration, context: context, io: terminal.streams)
        } _: { restart in
            try await terminal.waitFor("StayFit Hub is ready")
            context.bus.publish(Announcement("Before the failure."))
            try await terminal.waitFor("Before the failure.")

            try await restart.failFirstRunAndRestart()

            try await terminal.waitFor("StayFit Hub is ready", count: 2)
            context.bus.publish(Announcement("After the restart."))
            try await terminal.waitFor("After the restart.")
        }
    }

    @Test func onShutdownTheConsolePrintsEverythingPublishedBeforeItWasAskedToStop() async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let terminal = try FakeTerminal()
        let console = ConsolePlugin(configuration: try Self.lineMode(), context: context, io: terminal.streams)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: console)],
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await terminal.waitFor("StayFit Hub is ready")
            // Messages of several types, then at once the request to stop: none may be lost to it.
            for number in 1...200 {
                context.bus.publish(Announcement("Line \(number)."))
                if number.isMultiple(of: 50) {
                    context.bus.publish(PluginFailed(plugin: "test", reason: "number \(number)", restartIn: nil))
                }
            }
            context.bus.publish(Announcement("Workout finished: 30:00, 5.00 km, 350 kcal."))
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }

        try await terminal.waitFor("Workout finished: 30:00, 5.00 km, 350 kcal.")
        let lines = terminal.text.split(separator: "\n").map {
            $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? ""
        }
        var expected: [String] = []
        for number in 1...200 {
            expected.append("Line \(number).")
            if number.isMultiple(of: 50) { expected.append("Problem with test: number \(number)") }
        }
        expected.append("Workout finished: 30:00, 5.00 km, 350 kcal.")
        #expect(Array(lines.dropFirst()) == expected, "in the order published, after the greeting")
    }
}

/// In place of the terminal: standard input at its end, standard output collected as it comes.
final class FakeTerminal: Sendable {
    private let input: Int32
    private let collected: CollectedOutput

    init() throws {
        // End of input at once: the console's input thread is gone before the test ends.
        input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw TestKitError("cannot open /dev/null for the console's input") }
        collected = try CollectedOutput(name: "console-output")
    }

    var streams: ConsolePlugin.Streams { ConsolePlugin.Streams(input: input, output: collected.writeEnd) }

    /// Everything written so far.
    var text: String { collected.text }

    /// Waits (in real time, bounded) until `needle` has been written `count` times.
    func waitFor(_ needle: String, count: Int = 1, timeout: Duration = TestDeadline.hang) async throws {
        let deadline = ContinuousClock.now + timeout
        while text.components(separatedBy: needle).count - 1 < count {
            guard ContinuousClock.now < deadline else {
                throw TestKitError("\"\(needle)\" not written \(count) time(s) within \(timeout); output:\n\(text)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    deinit {
        close(input)
    }
}
