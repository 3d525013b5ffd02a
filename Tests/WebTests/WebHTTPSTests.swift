import BlueZTestKit
import Crypt
import Foundation
import GPSTestKit
import HubCore
import HubTestKit
import Logging
import ServiceLifecycle
import Testing

@testable import Web

#if canImport(Glibc)
    import Glibc
#endif

/// `[plugins.web]` with `certificate` and `private-key`: HTTPS with them, the cookies `Secure`, and every file that
/// will not do said with its path and the fix before anything listens.
@Suite struct WebHTTPSTests {
    /// A self-signed pair made by `openssl`, as the README tells a person to make one.
    struct Pair {
        let certificate: String
        let privateKey: String

        init(in directory: URL, name: String) async throws {
            certificate = directory.appendingPathComponent("\(name).pem").path
            privateKey = directory.appendingPathComponent("\(name).key").path
            let made = try await WebHTTPSTests.run(
                "/usr/bin/openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days",
                    "825", "-subj", "/CN=stayfit-hub", "-keyout", privateKey, "-out", certificate,
                ], in: directory)
            try #require(made.code == 0, "openssl made no certificate: \(made.errors)")
        }
    }

    static func plugin(port: Int, tls: WebPlugin.Configuration.TLSFiles, passwordHash: String? = nil) -> WebPlugin {
        WebPlugin(
            configuration: .init(listen: ListenAddress(host: "127.0.0.1", port: port), tls: tls),
            context: PluginContext.test(storage: InMemoryWebPasswordStore(hash: passwordHash)))
    }

    /// Runs `path` to its end (bounded), its output and errors kept in files of `directory`. Awaits without
    /// holding a thread: the server under test answers on the same task pool.
    static func run(_ path: String, _ arguments: [String], in directory: URL) async throws -> (
        code: Int32?, output: String, errors: String
    ) {
        let name = directory.appendingPathComponent("run-\(UUID().uuidString.prefix(8))").path
        let output = open(name + ".out", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw HarnessError("cannot make \(name).out") }
        defer { close(output) }
        let child = try ChildProcess.spawn(path, arguments, stdout: output, stderrPath: name + ".err")
        let ended = child.wait(timeout: TestDeadline.hang)
        if !ended { child.stop() }
        let read = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        guard ended, case .exited(let code) = child.ended else {
            return (nil, read(name + ".out"), read(name + ".err"))
        }
        return (code, read(name + ".out"), read(name + ".err"))
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-https-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func itServesHTTPSWithTheCertificateAndMarksItsCookiesSecure() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pair = try await Pair(in: directory, name: "hub")
        let port = try GPSFake.freePort()
        let hash = try await PasswordHash.make("correct horse battery")
        let plugin = Self.plugin(
            port: port, tls: .init(certificate: pair.certificate, privateKey: pair.privateKey), passwordHash: hash)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: plugin)], logger: WebPluginTests.quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await eventually("the web app listening on \(port)") { WebPluginTests.accepts(port: port) }
            // Python's TLS client, trusting only this certificate: the login page, and its cookie.
            let client = try await Self.run(
                "/usr/bin/python3",
                [
                    "-c",
                    """
                    import http.client, ssl, sys
                    context = ssl.create_default_context(cafile=sys.argv[1])
                    context.check_hostname = False
                    connection = http.client.HTTPSConnection("127.0.0.1", int(sys.argv[2]), context=context, timeout=30)
                    connection.request("GET", "/login")
                    answer = connection.getresponse()
                    print(answer.status, connection.sock.version())
                    print(answer.getheader("Set-Cookie"))
                    """,
                    pair.certificate, String(port),
                ], in: directory)
            #expect(client.code == 0, "\(client.errors)")
            let said = client.output
            #expect(said.hasPrefix("200 TLSv1.3") || said.hasPrefix("200 TLSv1.2"), "\(said)")
            #expect(said.contains("stayfit_login=") && said.contains("; Secure"), "\(said)")
            // Plain HTTP on the same port gets no page.
            let plain = try? await HTTPProbe.request("GET", "/login", port: port)
            #expect(plain == nil, "\(plain?.head ?? "")")
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test func aMissingUnreadableForeignOrWrongFileIsSaidWithItsPathAndTheFix() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let hub = try await Pair(in: directory, name: "hub")
        let other = try await Pair(in: directory, name: "other")
        let garbage = directory.appendingPathComponent("garbage.pem").path
        try "not a certificate\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        let missing = directory.appendingPathComponent("missing.pem").path
        let cases: [(WebPlugin.Configuration.TLSFiles, String, String)] = [
            (.init(certificate: missing, privateKey: hub.privateKey), missing, "there is no such file"),
            (.init(certificate: garbage, privateKey: hub.privateKey), garbage, "it holds no PEM certificate"),
            (.init(certificate: hub.certificate, privateKey: garbage), garbage, "it holds no PEM private key"),
            (.init(certificate: hub.certificate, privateKey: other.privateKey), other.privateKey, "is not the key of"),
        ]
        for (files, path, reason) in cases {
            let port = try GPSFake.freePort()
            await #expect {
                try await Self.plugin(port: port, tls: files).run()
            } throws: { error in
                let said = "\(error)"
                return error is WebError && said.contains(path) && said.contains(reason)
                    && said.contains("certificate and private-key in [plugins.web]") && said.contains("openssl req")
            }
            #expect(!WebPluginTests.accepts(port: port), "nothing listens after a refusal")
        }
    }
}
