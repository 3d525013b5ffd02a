import Foundation

/// Why the web app cannot serve: what, where, and how to fix it.
public struct WebError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case portInUse
        case cannotListen(reason: String)
        case tlsFile(path: String, reason: String)
    }

    private let code: Code
    /// The address the app was to listen on.
    public let address: String

    static func portInUse(_ address: ListenAddress) -> WebError {
        WebError(code: .portInUse, address: address.description)
    }

    static func cannotListen(_ address: ListenAddress, reason: String) -> WebError {
        WebError(code: .cannotListen(reason: reason), address: address.description)
    }

    /// A certificate or key of `[plugins.web]` the app cannot use.
    static func tlsFile(_ path: String, reason: String, address: ListenAddress) -> WebError {
        WebError(code: .tlsFile(path: path, reason: reason), address: address.description)
    }

    public var isPortInUse: Bool { code == .portInUse }

    public var description: String {
        switch code {
        case .portInUse:
            "The web app cannot listen on \(address): another program already uses that port. Stop it, or choose "
                + "another port with listen in [plugins.web] (listen = \"0.0.0.0:8081\")."
        case .cannotListen(let reason):
            "The web app cannot listen on \(address): \(reason). Check listen in [plugins.web]: an address of this "
                + "machine (0.0.0.0 for every network) and a free port."
        case .tlsFile(let path, let reason):
            "The web app cannot serve HTTPS on \(address) with \(path): \(reason). Check certificate and private-key "
                + "in [plugins.web]: PEM files the hub's user can read, the key the certificate's own. A self-signed "
                + "pair: openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 825 "
                + "-subj /CN=stayfit-hub -keyout hub.key -out hub.pem"
        }
    }
}
