import Foundation
import Testing
import Threading

@Suite struct DedicatedThreadTests {
    /// The kernel's name of the calling thread, as `top -H` shows it.
    private static func currentThreadName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func tasksThatPreferItRunOnItsNamedThread() async {
        #expect(await DedicatedThread.run(name: "test-writer") { Self.currentThreadName() } == "test-writer")
    }

    @Test func performedJobsRunOnTheThreadAndHandBackTheirResult() async {
        let thread = DedicatedThread(name: "test-jobs")
        defer { thread.stop() }
        #expect(await thread.perform { Self.currentThreadName() } == "test-jobs")
        #expect(thread.performAndWait { Self.currentThreadName() } == "test-jobs")
        #expect(await thread.perform { 6 * 7 } == 42)
    }
}
