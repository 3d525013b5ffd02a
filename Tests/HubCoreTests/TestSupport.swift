import Foundation
import HubCore
import HubTestKit
import Logging
import Synchronization

/// A logger that writes nothing (the supervisor logs a plugin failure as critical).
let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

/// The error the scripted plugins throw.
struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// A plugin whose `run()` does what the test scripts for each run (1-based), counting its runs.
final class ScriptedPlugin: Plugin {
    struct Configuration: PluginConfiguration {
        init(_ table: ConfigTable) throws {}
    }
    static let id: PluginID = "scripted"

    private let runs = Atomic<Int>(0)
    private let script: @Sendable (Int) async throws -> Void

    init(configuration: Configuration, context: PluginContext) { script = { _ in } }

    init(_ script: @escaping @Sendable (_ run: Int) async throws -> Void) { self.script = script }

    /// How many times `run()` has been called.
    var runCount: Int { runs.load(ordering: .sequentiallyConsistent) }

    func run() async throws {
        let run = runs.add(1, ordering: .sequentiallyConsistent).newValue
        try await script(run)
    }
}

/// A plugin with one setting, `greeting`, for registry and configuration tests.
struct GreeterPlugin: Plugin {
    struct Configuration: PluginConfiguration {
        var greeting: String
        var repeats: Int
        init(_ table: ConfigTable) throws {
            greeting = try table.string("greeting", default: "hello")
            repeats = try table.int("repeats", default: 1, in: 1...10)
        }
    }
    static let id: PluginID = "greeter"
    let configuration: Configuration

    init(configuration: Configuration, context: PluginContext) { self.configuration = configuration }

    func run() async throws {}
}

/// A second known plugin, so registry order and "known plugins" lists have more than one entry.
struct SilentPlugin: Plugin {
    struct Configuration: PluginConfiguration {
        init(_ table: ConfigTable) throws {}
    }
    static let id: PluginID = "silent"

    init(configuration: Configuration, context: PluginContext) {}

    func run() async throws {}
}

extension Date {
    /// The fixed start of every `ManualClock`, plus `seconds`.
    static func testStart(plus seconds: Double = 0) -> Date {
        ManualClock().now.addingTimeInterval(seconds)
    }
}
