import BlueZTestKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real gpsd fed by gpsfake on a private port, playing an NMEA log once.
///
/// Never port 2947, where a system gpsd may listen. gpsfake ignores SIGTERM once it has played a log with
/// `-1`, and its gpsd is a child of its own (TECHREF §5): ``stop()`` SIGKILLs both by PID.
public final class GPSFake: Sendable {
    public let port: Int
    public let logPath: String
    private let process: ChildProcess
    public let stderrPath: String

    /// Starts gpsfake on `port` (a free one when nil) playing `nmea`, one sentence every `sentenceDelay` seconds.
    ///
    /// gpsfake waits for the first client before it plays: the plugin connecting starts the log.
    public init(nmea: String, port: Int? = nil, sentenceDelay: Double = 0.04, directory: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw HarnessError(
                "gpsfake is missing: install the Debian package gpsd-clients (scripts/install-deps does), with gpsd.")
        }
        self.port = try port ?? Self.freePort()
        logPath = directory.appendingPathComponent("track-\(self.port)-\(UUID().uuidString.prefix(8)).nmea").path
        stderrPath = logPath + ".log"
        try nmea.write(toFile: logPath, atomically: true, encoding: .utf8)
        process = try ChildProcess.spawn(
            Self.executable,
            ["-1", "-q", "-P", "\(self.port)", "-c", String(sentenceDelay), "-W", "600", logPath],
            stderrPath: stderrPath)
    }

    static let executable = "/usr/bin/gpsfake"

    /// Whether gpsd accepts connections yet.
    public var isListening: Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = Self.loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }

    /// SIGKILLs gpsfake and every process under it (its gpsd), and reaps gpsfake.
    public func stop() {
        let family = Self.descendants(of: process.pid)
        kill(process.pid, SIGKILL)
        for pid in family { kill(pid, SIGKILL) }
        process.wait(timeout: .seconds(5))
    }

    deinit { stop() }

    /// A TCP port nobody listens on right now (the kernel's choice).
    public static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("cannot make a socket") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw HarnessError("cannot bind a socket") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard port != 2947 else { return try freePort() }
        return port
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }

    /// Every process whose parent chain leads to `pid`, from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var parents: [pid_t: pid_t] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let child = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[child] = parent }
        }
        var found: [pid_t] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }
}
