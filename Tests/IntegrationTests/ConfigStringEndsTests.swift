import Foundation
import Testing

/// A multi-line string may end with one or two quotes of its own before its closing three (`"""a""""` is `a"`):
/// the nesting guard once closed it at the first three and took the fourth quote for a string running to the end of
/// the line, so dotted keys 20 KB deep after it reached the parser and `stayfit` died of a stack overflow.
@Suite(.serialized) struct ConfigStringEndsTests {
    @Test(arguments: ["\"\"\"a\"\"\"\"", "'''a''''", "\"\"\"a\"\"\"\"\"", "'''a'''''"])
    func dottedKeysTwentyKilobytesDeepAfterAStringEndingInQuotesAreRefusedByCheckAndRun(string: String)
        async throws
    {
        let scratch = try Scratch()
        let keys = Array(repeating: "a", count: 10_000).joined(separator: ".")
        let config = try scratch.write("evil.toml", "[hub]\nx = [" + string + ", {" + keys + "=1}]\n")
        for command in [["config", "check", config], ["run", "--config", config, "--data-dir", scratch.path("data")]] {
            let result = try await StayfitProcess.run(command, timeout: .seconds(30))
            #expect(result.status == 78, "\(command[0]): stderr: \(result.error)")
            #expect(
                result.error == "error: \(config):2: tables, keys and lists nested more than 32 levels deep. "
                    + "Nest less: the hub's own settings go 6 levels deep at most.\n")
        }
    }
}
