import HubCore
import HubTestKit
import Testing

@testable import Web

/// `[plugins.web]`: where it listens and how long a session lasts.
@Suite struct WebConfigurationTests {
    static func configuration(_ text: String) throws -> WebPlugin.Configuration {
        let file = try HubConfiguration(text: "[plugins.web]\n" + text, file: "t.toml")
        return try WebPlugin.Configuration(try #require(file.pluginTables["web"]))
    }

    @Test func theDefaultsListenOnEveryNetworkOnPort8080() throws {
        let configuration = try Self.configuration("")
        #expect(configuration.listen == ListenAddress(host: "0.0.0.0", port: 8080))
        #expect(configuration.sessionIdle == .seconds(720 * 60))
    }

    @Test func theSampleConfigurationHoldsTheDefaults() throws {
        let sample = try WebPlugin.Configuration(try SampleConfigurationFile.commentedOutTable("web"))
        let defaults = try Self.configuration("")
        #expect(sample.listen == defaults.listen)
        #expect(sample.sessionIdle == defaults.sessionIdle)
    }

    @Test(arguments: [
        ("127.0.0.1:9000", ListenAddress(host: "127.0.0.1", port: 9000)),
        ("[::]:8443", ListenAddress(host: "::", port: 8443)),
        ("hub.local", ListenAddress(host: "hub.local", port: 8080)),
        ("[::1]", ListenAddress(host: "::1", port: 8080)),
    ])
    func readsAnAddressAndItsPort(text: String, address: ListenAddress) throws {
        #expect(try Self.configuration("listen = \"\(text)\"\n").listen == address)
    }

    @Test(arguments: ["", "0.0.0.0:", ":8080", "0.0.0.0:0", "0.0.0.0:65536", "0.0.0.0:http", "a:b:c", "[::1", "a b:80"])
    func aWrongAddressNamesTheLineTheKeyAndTheFix(text: String) {
        #expect {
            try Self.configuration("session-idle-minutes = 30\nlisten = \"\(text)\"\n")
        } throws: { error in
            let said = "\(error)"
            return said.contains("t.toml:3") && said.contains("plugins.web.listen")
                && said.contains("listen = \"0.0.0.0:8080\"") && said.contains("1 to 65535")
        }
    }

    @Test func aSessionLengthOutOfRangeIsRefused() {
        #expect(throws: ConfigurationError.self) { try Self.configuration("session-idle-minutes = 0\n") }
    }

    @Test func aCertificateAndItsKeyServeHTTPS() throws {
        let configuration = try Self.configuration(
            "certificate = \"/etc/stayfit/hub.pem\"\nprivate-key = \"/etc/stayfit/hub.key\"\n")
        #expect(configuration.tls == .init(certificate: "/etc/stayfit/hub.pem", privateKey: "/etc/stayfit/hub.key"))
        #expect(try Self.configuration("").tls == nil)
    }

    @Test(arguments: [
        ("certificate = \"/etc/stayfit/hub.pem\"\n", "plugins.web.certificate", "without private-key"),
        ("private-key = \"/etc/stayfit/hub.key\"\n", "plugins.web.private-key", "without certificate"),
        (
            "certificate = \"hub.pem\"\nprivate-key = \"/etc/stayfit/hub.key\"\n", "plugins.web.certificate",
            "\"hub.pem\" is not an absolute path"
        ),
    ])
    func aHalfOrRelativeHTTPSSettingIsRefusedWithTheFix(text: String, key: String, problem: String) {
        #expect {
            try Self.configuration(text)
        } throws: { error in
            let said = "\(error)"
            return said.contains(key) && said.contains(problem)
                && said.contains("certificate = \"/etc/stayfit/hub.pem\"")
        }
    }

    @Test func theAddressIsWrittenBackAsItIsTyped() {
        #expect(ListenAddress(host: "::", port: 80).description == "[::]:80")
        #expect(ListenAddress(host: "0.0.0.0", port: 8080).description == "0.0.0.0:8080")
    }
}
