import HubCore
import HubTestKit
import Synchronization
import Testing

@Suite struct PluginRegistryTests {
    let registry = PluginRegistry([GreeterPlugin.self, SilentPlugin.self])

    private func build(_ text: String) throws -> [BuiltPlugin] {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        return try registry.build(try HubConfiguration(text: text, file: "stayfit.toml")) { _ in context }
    }

    @Test func buildsOnlyThePluginsWithATableInRegistryOrder() throws {
        let built = try build(
            """
            [plugins.silent]
            [plugins.greeter]
            greeting = "moin"
            """)
        #expect(built.map(\.id) == ["greeter", "silent"])
        let greeter = try #require(try built.first?.make() as? GreeterPlugin)
        #expect(greeter.configuration.greeting == "moin")
        #expect(greeter.configuration.repeats == 1)
        #expect(try build("").isEmpty)
    }

    @Test func readsEachPluginsFailurePolicy() throws {
        let built = try build(
            """
            [plugins.greeter]
            on-failure = "shutdown"
            [plugins.silent]
            restart-max-delay-seconds = 10
            """)
        #expect(
            built.map(\.policy) == [
                .shutdown, .restart(initialDelay: .seconds(1), maxDelay: .seconds(10), resetAfter: .seconds(60)),
            ])
        #expect(try build("[plugins.silent]\non-failure = \"ignore\"").map(\.policy) == [.ignore])
        #expect(try build("[plugins.silent]").map(\.policy) == [.standard])
    }

    @Test func anUnknownPluginTableIsAnErrorNamingTheKnownPlugins() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try build(
                """
                [plugins.greeter]

                [plugins.heart-rat]
                """)
        }
        #expect(error.kind == .unknownKey)
        #expect(error.line == 3)
        #expect(error.key == "plugins.heart-rat")
        #expect(error.fix.contains("greeter, silent"))
        #expect(error.description.contains("stayfit.toml:3"))
        #expect(error.description.contains("heart-rat"))
    }

    @Test func anUnknownKeyInAPluginTableIsAnErrorWithItsLine() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try build(
                """
                [plugins.greeter]
                # a friendly plugin
                greeting = "hi"
                greting = "typo"
                """)
        }
        #expect(error.kind == .unknownKey)
        #expect(error.line == 4)
        #expect(error.key == "plugins.greeter.greting")
        #expect(error.description.hasPrefix("stayfit.toml:4: plugins.greeter.greting: "))
        // The fix lists what the plugin does read, failure-policy keys included.
        #expect(error.fix.contains("greeting"))
        #expect(error.fix.contains("on-failure"))
    }

    @Test func aBadValueInAPluginTableNamesItsKeyAndLine() throws {
        let wrongType = try #require(throws: ConfigurationError.self) {
            try build("[plugins.greeter]\nrepeats = \"twice\"")
        }
        #expect((wrongType.kind, wrongType.line, wrongType.key) == (.wrongType, 2, "plugins.greeter.repeats"))

        let outOfRange = try #require(throws: ConfigurationError.self) {
            try build("[plugins.silent]\n\nrestart-max-delay-seconds = 0")
        }
        #expect(
            (outOfRange.kind, outOfRange.line, outOfRange.key) == (
                .outOfRange, 3, "plugins.silent.restart-max-delay-seconds"
            ))

        let invalid = try #require(throws: ConfigurationError.self) {
            try build("[plugins.silent]\non-failure = \"panic\"")
        }
        #expect((invalid.kind, invalid.line, invalid.key) == (.invalidValue, 2, "plugins.silent.on-failure"))
        #expect(invalid.problem.contains("\"restart\", \"ignore\", \"shutdown\""))
    }

    @Test func makeHandsOutTheStartUpInstanceOnceAndThenBuildsFreshOnes() throws {
        let registry = PluginRegistry([InstanceCountingPlugin.self])
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let before = InstanceCountingPlugin.made
        let built = try #require(
            try registry.build(try HubConfiguration(text: "[plugins.counting]\nlabel = \"x\"", file: "stayfit.toml")) {
                _ in
                context
            }.first)
        #expect(InstanceCountingPlugin.made == before + 1, "the registry builds the first instance at once")

        let first = try #require(try built.make() as? InstanceCountingPlugin)
        #expect(InstanceCountingPlugin.made == before + 1, "the first run gets the instance built at start-up")
        let second = try #require(try built.make() as? InstanceCountingPlugin)
        let third = try #require(try built.make() as? InstanceCountingPlugin)
        #expect(InstanceCountingPlugin.made == before + 3)
        #expect(first !== second && second !== third)
        #expect([first, second, third].map(\.label) == ["x", "x", "x"], "every instance has the same configuration")
    }

    @Test func aBuiltPluginCarriesTheCapabilitiesItsTypeDeclares() throws {
        let registry = PluginRegistry([GreeterPlugin.self, RealTimePlugin.self, PresenterPlugin.self])
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let configuration = try HubConfiguration(
            text: "[plugins.greeter]\n[plugins.real-time]\n[plugins.presenter]", file: "stayfit.toml")
        let built = try registry.build(configuration) { _ in context }
        #expect(built.map(\.capabilities) == [[], [.needsRealTime], [.presentsToPerson]])
    }

    @Test func aPluginOnByDefaultRunsWithoutATableAndAnyPluginIsSwitchedOffWithEnabledFalse() throws {
        let registry = PluginRegistry([GreeterPlugin.self, DefaultOnPlugin.self])
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        func built(_ text: String) throws -> [PluginID] {
            try registry.build(try HubConfiguration(text: text, file: "stayfit.toml")) { _ in context }.map(\.id)
        }
        #expect(try built("") == ["default-on"])
        #expect(try built("[plugins.greeter]") == ["greeter", "default-on"])
        #expect(try built("[plugins.default-on]\nenabled = false") == [])
        #expect(try built("[plugins.greeter]\nenabled = false\n[plugins.default-on]\nenabled = true") == ["default-on"])
        let configured = try registry.build(
            try HubConfiguration(text: "[plugins.default-on]\nlabel = \"mine\"", file: "stayfit.toml")
        ) { _ in context }
        let instance = try #require(try configured.first?.make() as? DefaultOnPlugin)
        #expect(instance.label == "mine")
        let wrongType = #expect(throws: ConfigurationError.self) {
            try built("[plugins.default-on]\nenabled = \"no\"")
        }
        #expect(wrongType?.key == "plugins.default-on.enabled")
        // Switched off, still checked: a typo must not wait for the day the plugin is switched on.
        let typo = #expect(throws: ConfigurationError.self) {
            try built("[plugins.default-on]\nenabled = false\nlabl = \"mine\"")
        }
        #expect(typo?.key == "plugins.default-on.labl")
    }

    @Test func enabledPluginsWithACapabilityAreFoundWithoutBuildingAny() throws {
        let registry = PluginRegistry([GreeterPlugin.self, RealTimePlugin.self, PresenterPlugin.self])
        let both = try HubConfiguration(text: "[plugins.real-time]\n[plugins.presenter]", file: "stayfit.toml")
        #expect(try registry.enabled(with: .needsRealTime, in: both) == ["real-time"])
        #expect(try registry.enabled(with: .presentsToPerson, in: both) == ["presenter"])
        // A table that would not build (an unknown key) still counts as enabled: nothing is built.
        let bad = try HubConfiguration(text: "[plugins.real-time]\ntypo = 1", file: "stayfit.toml")
        #expect(try registry.enabled(with: .needsRealTime, in: bad) == ["real-time"])
        #expect(
            try registry.enabled(with: .needsRealTime, in: HubConfiguration(text: "[plugins.greeter]", file: "x"))
                .isEmpty)
    }
}

/// Counts how many instances were made, so a test can tell a fresh instance from the one built at start-up.
private final class InstanceCountingPlugin: Plugin {
    struct Configuration: PluginConfiguration {
        var label: String
        init(_ table: ConfigTable) throws { label = try table.string("label", default: "") }
    }
    static let id: PluginID = "counting"
    private static let counter = Atomic<Int>(0)
    static var made: Int { counter.load(ordering: .sequentiallyConsistent) }

    let label: String

    init(configuration: Configuration, context: PluginContext) {
        label = configuration.label
        Self.counter.add(1, ordering: .sequentiallyConsistent)
    }

    func run() async throws {}
}

/// A plugin that needs real time, like a Bluetooth sensor.
private struct RealTimePlugin: Plugin {
    struct Configuration: PluginConfiguration {
        init(_ table: ConfigTable) throws {}
    }
    static let id: PluginID = "real-time"
    static let capabilities: PluginCapabilities = [.needsRealTime]

    init(configuration: Configuration, context: PluginContext) {}

    func run() async throws {}
}

/// A plugin that runs without a table, like goals and the heart-rate log.
private struct DefaultOnPlugin: Plugin {
    struct Configuration: PluginConfiguration {
        var label: String
        init(_ table: ConfigTable) throws { label = try table.string("label", default: "default") }
    }
    static let id: PluginID = "default-on"
    static let capabilities: PluginCapabilities = [.onByDefault]
    let label: String

    init(configuration: Configuration, context: PluginContext) { label = configuration.label }

    func run() async throws {}
}

/// A plugin that presents to the person, like the console.
private struct PresenterPlugin: Plugin {
    struct Configuration: PluginConfiguration {
        init(_ table: ConfigTable) throws {}
    }
    static let id: PluginID = "presenter"
    static let capabilities: PluginCapabilities = [.presentsToPerson]

    init(configuration: Configuration, context: PluginContext) {}

    func run() async throws {}
}
