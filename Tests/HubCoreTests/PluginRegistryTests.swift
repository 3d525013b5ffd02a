import HubCore
import HubTestKit
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
        let greeter = try #require(built.first?.plugin as? GreeterPlugin)
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
        #expect(built.map(\.policy) == [
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
        #expect((outOfRange.kind, outOfRange.line, outOfRange.key) == (.outOfRange, 3, "plugins.silent.restart-max-delay-seconds"))

        let invalid = try #require(throws: ConfigurationError.self) {
            try build("[plugins.silent]\non-failure = \"panic\"")
        }
        #expect((invalid.kind, invalid.line, invalid.key) == (.invalidValue, 2, "plugins.silent.on-failure"))
        #expect(invalid.problem.contains("\"restart\", \"ignore\", \"shutdown\""))
    }
}
