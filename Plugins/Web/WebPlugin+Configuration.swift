import HubCore

extension WebPlugin {
    /// The `[plugins.web]` table: there, the web app runs; absent, it does not.
    public struct Configuration: PluginConfiguration {
        /// `listen = "0.0.0.0:8080"`: every network the hub is on, port 8080.
        public var listen: ListenAddress
        /// `session-idle-minutes = 720`: a browser unused this long logs in again.
        public var sessionIdle: Duration

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
        }

        public init(
            listen: ListenAddress = ListenAddress(host: "0.0.0.0", port: 8080), sessionIdle: Duration = .seconds(43_200)
        ) {
            self.listen = listen
            self.sessionIdle = sessionIdle
        }
    }
}
