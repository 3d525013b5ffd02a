import BlueZTestKit
import HubCore
import HubTestKit
import Testing

@testable import Console

/// `status now` and `today` are answered by other plugins (status, calories). With those switched off the console
/// says so at once, rather than leaving the person waiting for a sentence that never comes; with them on, the
/// request reaches them and the console adds nothing.
@Suite struct UnansweredRequestTests {
    @Test func withNothingToAnswerTheConsoleSaysWhichPluginIsOff() async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let input = try ChildInput()
        let output = try CollectedOutput(name: "console-output")
        defer { input.close() }
        let console = ConsolePlugin(
            configuration: try ConsoleRestartTests.lineMode(), context: context,
            io: ConsolePlugin.Streams(input: input.readEnd, output: output.writeEnd))
        let run = Task { try await console.run() }
        defer { run.cancel() }
        try await output.waitFor("StayFit Hub is ready")
        input.write("status now\ntoday\n")
        try await output.waitFor(ConsolePlugin.nothingAnswersToday)
        #expect(output.text.contains(ConsolePlugin.nothingAnswersStatusNow), "output: \(output.text)")
    }

    @Test func aListeningPluginGetsTheRequestsAndTheConsoleAddsNothing() async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let statusRequests = context.bus.inbox(of: StatusRequested.self)
        let todayRequests = context.bus.inbox(of: TodayRequested.self)
        let input = try ChildInput()
        let output = try CollectedOutput(name: "console-output")
        defer { input.close() }
        let console = ConsolePlugin(
            configuration: try ConsoleRestartTests.lineMode(), context: context,
            io: ConsolePlugin.Streams(input: input.readEnd, output: output.writeEnd))
        let run = Task { try await console.run() }
        defer { run.cancel() }
        try await output.waitFor("StayFit Hub is ready")
        input.write("status now\ntoday\n")
        let status = try await statusRequests.next()
        let today = try await todayRequests.next()
        #expect(status == StatusRequested(source: "console"))
        #expect(today == TodayRequested(source: "console"))
        #expect(!output.text.contains("Nothing on this hub answers"), "output: \(output.text)")
    }
}

extension CollectedOutput {
    /// Waits (in real time, bounded) until `needle` has been written.
    fileprivate func waitFor(_ needle: String, timeout: Duration = TestDeadline.hang) async throws {
        let deadline = ContinuousClock.now + timeout
        while !text.contains(needle) {
            guard ContinuousClock.now < deadline else {
                throw TestKitError("\"\(needle)\" not written within \(timeout); output:\n\(text)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
