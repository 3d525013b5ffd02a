import BlueZTestKit
import Foundation

/// One plain HTTP/1.1 request to the web app on 127.0.0.1, on a thread of its own (the socket calls block), with a
/// bounded wait for the answer: what a browser sends, without one.
enum HTTPProbe {
    struct Answer: Sendable {
        var status: Int
        /// The header block, lines as sent.
        var head: String
        var body: String
    }

    static func request(
        _ method: String, _ path: String, port: Int, cookie: String? = nil, form: String? = nil
    ) async throws -> Answer {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        if let form {
            request += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n"
        }
        request += "\r\n" + (form ?? "")
        let bytes = Array(request.utf8)
        let text = try await onOwnThread("http probe") { try exchange(bytes, port: port) }
        guard let split = text.range(of: "\r\n\r\n") else { throw HarnessError("no HTTP head in \(text)") }
        let head = String(text[..<split.lowerBound])
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        guard let status else { throw HarnessError("no status in \(head)") }
        return Answer(status: status, head: head, body: String(text[split.upperBound...]))
    }

    /// Writes `bytes` and reads until the server closes, at most 60 s without a byte.
    private static func exchange(_ bytes: [UInt8], port: Int) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("cannot make a socket") }
        defer { close(descriptor) }
        var patience = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw HarnessError("cannot connect to port \(port)") }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw HarnessError("cannot send the request") }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else { throw HarnessError("no answer from port \(port) (errno \(errno))") }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
