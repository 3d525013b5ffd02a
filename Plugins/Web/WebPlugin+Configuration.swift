import HubCore

extension WebPlugin {
    /// The `[plugins.web]` table: there, the web app runs; absent, it does not.
    public struct Configuration: PluginConfiguration {
        /// `listen = "0.0.0.0:8080"`: every network the hub is on, port 8080.
        public var listen: ListenAddress
        /// `session-idle-minutes = 720`: a browser unused this long logs in again.
        public var sessionIdle: Duration
        /// `certificate` and `private-key`, both or neither: serve HTTPS with them. Read when the app starts.
        public var tls: TLSFiles?

        /// A certificate (its chain, PEM, the hub's own first) and its private key (PEM), by absolute path.
        public struct TLSFiles: Sendable, Equatable {
            public var certificate: String
            public var privateKey: String

            public init(certificate: String, privateKey: String) {
                self.certificate = certificate
                self.privateKey = privateKey
            }
        }

        public init(_ table: ConfigTable) throws {
            let text = try table.string("listen", default: "0.0.0.0:\(ListenAddress.defaultPort)")
            guard let address = ListenAddress(parsing: text) else {
                throw table.invalid(
                    "listen", problem: ListenAddress.problem(in: text) ?? "not an address",
                    fix: "Write an address and a port, such as listen = \"0.0.0.0:8080\" (every network) or "
                        + "\"127.0.0.1:8080\" (this machine only); the port is 1 to 65535.")
            }
            listen = address
            sessionIdle = .seconds(60 * (try table.int("session-idle-minutes", default: 720, in: 1...43_200)))
            tls = try Self.tlsFiles(in: table)
        }

        public init(
            listen: ListenAddress = ListenAddress(host: "0.0.0.0", port: 8080),
            sessionIdle: Duration = .seconds(43_200),
            tls: TLSFiles? = nil
        ) {
            self.listen = listen
            self.sessionIdle = sessionIdle
            self.tls = tls
        }

        private static func tlsFiles(in table: ConfigTable) throws -> TLSFiles? {
            let certificate = try table.optionalString("certificate")
            let privateKey = try table.optionalString("private-key")
            let example =
                "certificate = \"/etc/stayfit/hub.pem\" and private-key = \"/etc/stayfit/hub.key\" (README, "
                + "\"Web app\", says how to make them)"
            switch (certificate, privateKey) {
            case (nil, nil): return nil
            case (.some, nil):
                throw table.invalid(
                    "certificate", problem: "given without private-key",
                    fix: "Give both for HTTPS, or neither: \(example).")
            case (nil, .some):
                throw table.invalid(
                    "private-key", problem: "given without certificate",
                    fix: "Give both for HTTPS, or neither: \(example).")
            case (let certificate?, let privateKey?):
                for (key, path) in [("certificate", certificate), ("private-key", privateKey)]
                where !path.hasPrefix("/") {
                    throw table.invalid(
                        key, problem: "\"\(path)\" is not an absolute path",
                        fix: "Give the file's whole path, as \(example).")
                }
                return TLSFiles(certificate: certificate, privateKey: privateKey)
            }
        }
    }
}
