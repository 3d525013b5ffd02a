/// Where the web app listens: `host:port` (`0.0.0.0:8080`, `127.0.0.1:8080`, `[::]:8080`), or a host alone on
/// port 8080.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public static let defaultPort = 8080

    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Reads `text`; nil when it is no address, and the caller says what is wrong with `problem(in:)`.
    public init?(parsing text: String) {
        guard let (host, port) = Self.split(text) else { return nil }
        self.init(host: host, port: port)
    }

    /// What is wrong with `text`, in plain words; nil when it is an address.
    public static func problem(in text: String) -> String? {
        split(text) == nil ? "'\(text)' is not an address and port" : nil
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func split(_ text: String) -> (String, Int)? {
        let host: Substring
        let portText: Substring?
        if text.hasPrefix("[") {
            // IPv6: the brackets keep the address's own colons apart from the port's.
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }) else {
            return nil
        }
        guard let portText else { return (String(host), defaultPort) }
        guard portText.allSatisfy(\.isASCII), let port = Int(portText), (1...65_535).contains(port) else { return nil }
        return (String(host), port)
    }
}
