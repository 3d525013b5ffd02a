import Foundation
import Testing

@testable import HubCore

/// The depth guard in front of the TOML parser: it stops what would overflow the stack, at the line where it goes
/// too deep, and nothing that a configuration file really holds.
@Suite struct ConfigNestingTests {
    static func header(depth: Int) -> String {
        "[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]\n"
    }

    @Test func tablesAsDeepAsTheLimitReachTheParserAndOneLevelMoreDoesNot() throws {
        // The limit itself is parsed (and then refused as an unknown key, an ordinary error).
        let atLimit = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: Self.header(depth: ConfigNesting.deepest), file: "stayfit.toml")
        }
        #expect(atLimit.kind == .unknownKey)
        #expect(atLimit.line == 1)

        let beyond = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "# deep\n" + Self.header(depth: ConfigNesting.deepest + 1), file: "stayfit.toml")
        }
        #expect(beyond.kind == .tooDeep)
        #expect(
            beyond.description
                == "stayfit.toml:2: tables, keys and lists nested more than 32 levels deep. "
                + "Nest less: the hub's own settings go 6 levels deep at most.")
    }

    /// Each way TOML nests adds to the one it is inside: a header, a dotted key, a list, an inline table, a dotted
    /// key inside that. A level is a level of the parsed tree: `a = { b = 1 }` is 2 deep, as `a.b = 1` is, and
    /// `[[a.b]]` is 3 (the list `b` and the table in it).
    @Test(arguments: [
        ("[a.b]\nc.d = [[{ e.f = [1] }]]\n", 2, 9),
        ("a = [[1], [[2]], 3]\n", 1, 4),
        ("a = { b = { c = 1 }, d.e.f = 2 }\n", 1, 4),
        ("[[a.b]]\nc = [\n  [1,\n   [2]],\n]\n", 4, 7),
    ])
    func countsEveryWayOfNesting(text: String, line: Int, depth: Int) {
        #expect(ConfigNesting.firstLine(deeperThan: depth, in: text) == nil)
        #expect(ConfigNesting.firstLine(deeperThan: depth - 1, in: text) == line)
    }

    @Test func bracketsAndDotsInStringsAndCommentsCountForNothing() throws {
        let deep = String(repeating: "[{a.", count: 1_000)
        let text = """
            # \(deep)
            [hub]
            log-level = "info" # \(deep)
            [reports]
            share-template = "\(deep)\\"\(deep)"
            [plugins.console]
            literal = '\(deep)'
            multi = \"\"\"
            \(deep)
            \"\"\"
            "quoted.key.\(deep)" = '''\(deep)'''

            """
        #expect(ConfigNesting.firstLine(deeperThan: 3, in: text) == nil)
    }

    @Test func theSampleConfigurationWithEveryPluginOnIsFarBelowTheLimit() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../etc/stayfit.toml")
        let text = try String(contentsOf: sample, encoding: .utf8)
        // Every commented-out table and key taken in, as a person enabling them all would.
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("# [") || (line.hasPrefix("# ") && line.contains(" = "))
                ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        #expect(ConfigNesting.firstLine(deeperThan: 6, in: uncommented) == nil)
    }
}
