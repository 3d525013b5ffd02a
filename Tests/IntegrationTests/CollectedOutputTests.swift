import BlueZTestKit
import Foundation
import HubTestKit
import Testing

/// The output of child processes, read the way every integration test reads `stayfit`'s: whole, in order, and
/// with its end seen, while many children come and go at once (the churn in which Foundation's
/// `readabilityHandler` crashed a CI run inside libdispatch).
@Suite(.timeLimit(.minutes(5))) struct CollectedOutputTests {
    /// Runs `script` under `/bin/sh` with its standard output collected; returns it once the child has exited.
    func output(of script: String) async throws -> (text: String, ended: Bool) {
        let collected = try CollectedOutput(name: "child-stdout")
        let process = try ChildProcess.spawn("/bin/sh", ["-c", script], stdout: collected.writeEnd)
        defer { process.stop() }
        collected.closeWriteEnd()
        let ended = try await collected.waitForEnd(timeout: TestDeadline.hang)
        try #require(try await process.exitCode(within: TestDeadline.hang) == 0, "/bin/sh -c \(script) did not exit")
        return (collected.text, ended)
    }

    @Test func aCharacterSplitBetweenTwoWritesIsReadWhole() async throws {
        // "é" is C3 A9 in UTF-8; the child writes its two bytes 50 ms apart, so they come in two reads.
        let result = try await output(of: #"printf 'caf\303'; sleep 0.05; printf '\251 done\n'"#)
        #expect(result.ended)
        #expect(result.text == "café done\n")
    }

    @Test func theEndIsSeenOnlyWhenTheLastWriterCloses() async throws {
        let collected = try CollectedOutput(name: "two-writers")
        let process = try ChildProcess.spawn(
            "/bin/sh", ["-c", "printf 'from the child\\n'"], stdout: collected.writeEnd)
        defer { process.stop() }
        try #require(try await process.exitCode(within: TestDeadline.hang) == 0, "the child did not exit")
        // The child is gone but this side still holds a write end: no end yet.
        #expect(try await !collected.waitForEnd(timeout: .milliseconds(200)))
        collected.closeWriteEnd()
        #expect(try await collected.waitForEnd(timeout: TestDeadline.hang))
        #expect(collected.text == "from the child\n")
    }

    @Test func manyChildrenAtOnceEachHaveAllTheirOutput() async throws {
        // 4 lanes of 25 children, each writing 200 numbered lines in several writes.
        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for lane in 0..<4 {
                group.addTask {
                    var failures: [String] = []
                    for child in 0..<25 {
                        let result = try await output(of: "i=0; while [ $i -lt 200 ]; do echo $i; i=$((i+1)); done")
                        let expected = (0..<200).map { "\($0)\n" }.joined()
                        if !result.ended || result.text != expected {
                            failures.append(
                                "lane \(lane) child \(child): ended \(result.ended), \(result.text.count) chars")
                        }
                    }
                    return failures
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
