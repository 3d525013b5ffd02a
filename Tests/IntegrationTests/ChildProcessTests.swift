import BlueZTestKit
import Foundation
import HubTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' own child processes: only the descriptors they are given, and an end that is the child's own.
@Suite(.timeLimit(.minutes(5))) struct ChildProcessTests {
    /// `cat` with its input from a pipe of the test's and its output collected.
    private func cat() throws -> (ChildProcess, ChildInput, CollectedOutput) {
        let input = try ChildInput()
        let output = try CollectedOutput(name: "child-cat")
        let child = try ChildProcess.spawn("/bin/cat", [], stdin: input.readEnd, stdout: output.writeEnd)
        input.closeReadEnd()
        output.closeWriteEnd()
        return (child, input, output)
    }

    @Test func aChildHoldsOnlyItsStandardDescriptorsNotOnesTheTestHasOpen() async throws {
        // Open without close-on-exec, as Foundation's process-monitoring socket is: a child must not inherit it.
        let leaky = open("/dev/null", O_RDONLY)
        try #require(leaky >= 3)
        defer { close(leaky) }
        let (child, input, output) = try cat()
        defer { child.stop() }
        // Once cat echoes a line it has started whole (the dynamic loader's own files are closed again) and waits
        // on its input: what it holds open now is what it was given.
        input.write("ready\n")
        try await eventually("cat to echo", timeout: TestDeadline.hang) { output.text == "ready\n" }
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").sorted()
        #expect(descriptors == ["0", "1", "2"], "the child's descriptors: \(descriptors)")
        input.close()
    }

    @Test func howAChildEndedIsItsExitCodeOrTheSignal() async throws {
        let exits = try ChildProcess.spawn("/bin/sh", ["-c", "exit 7"])
        #expect(try await exits.termination(within: TestDeadline.hang) == .exited(7))
        #expect(!exits.isRunning)

        let sleeper = try ChildProcess.spawn("/bin/sleep", ["60"])
        #expect(sleeper.isRunning)
        sleeper.send(SIGKILL)
        let ended = try await sleeper.termination(within: TestDeadline.hang)
        #expect(ended == .signalled(SIGKILL))
        #expect(ended?.status == 137)
        // Asked again, the same answer: the child is reaped once and remembered.
        #expect(sleeper.ended == .signalled(SIGKILL))
    }

    @Test func aChildReadsWhatIsWrittenToItsInputUntilItIsClosed() async throws {
        let (child, input, output) = try cat()
        defer { child.stop() }
        #expect(input.write("one\n"))
        #expect(input.write("two\n"))
        input.close()
        #expect(try await child.exitCode(within: TestDeadline.hang) == 0)
        #expect(try await output.waitForEnd(timeout: TestDeadline.hang))
        #expect(output.text == "one\ntwo\n")
        // Written after the end: refused, and the test process is not killed by SIGPIPE.
        #expect(!input.write("three\n"))
    }
}
