import Foundation

/// Why the web app cannot serve: what, where, and how to fix it.
public struct WebError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case portInUse
        case cannotListen(reason: String)
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

    public var isPortInUse: Bool { code == .portInUse }

    public var description: String {
        switch code {
        case .portInUse:
            "The web app cannot listen on \(address): another program already uses that port. Stop it, or choose "
                + "another port with listen in [plugins.web] (listen = \"0.0.0.0:8081\")."
        case .cannotListen(let reason):
            "The web app cannot listen on \(address): \(reason). Check listen in [plugins.web]: an address of this "
                + "machine (0.0.0.0 for every network) and a free port."
        }
    }
}
