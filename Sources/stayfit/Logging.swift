import Console
import Foundation
import Glibc
import HubCore
import Logging
import Synchronization

/// Sets up swift-log once per process: lines on stderr, which journald collects under systemd, or in a file while the
/// console owns the terminal.
///
/// When stderr is the journal's stream, lines carry a syslog priority prefix (`<3>`) and no timestamp of their own
/// (the journal stamps each line, and reads the prefix as the entry's priority); otherwise they keep swift-log's
/// format with a timestamp.
enum LogSetup {
    private static let done = Mutex(false)

    /// The log's file while the console owns the terminal, in the data directory.
    static let fileName = "stayfit.log"
    /// A log file this large at start is moved to `stayfit.log.1` (replacing the one before), so that a hub run on a
    /// terminal day after day does not fill the card.
    static let largestFile = 10 << 20

    /// - Parameter consoleDirectory: the data directory when the console plugin shows its lines on this terminal:
    ///   log lines written there would land between them (and cut its status line), so they go to the journal when
    ///   systemd started the hub, else to the log file in that directory; where is said once at start.
    static func bootstrap(level: Logger.Level, consoleDirectory: URL? = nil) -> Logger {
        done.withLock { done in
            guard !done else { return }
            done = true
            var stream = LogStream(descriptor: STDERR_FILENO, isTerminal: isatty(STDERR_FILENO) == 1)
            var journal = JournalLogHandler.standardErrorIsJournal()
            if stream.isTerminal, consoleDirectory != nil, isUnderSystemd(), let socket = LogStream.journal() {
                printError(
                    "The log goes to the journal while the console uses this terminal (journalctl -t stayfit -f "
                        + "shows it).")
                stream = socket
                journal = true
            } else if stream.isTerminal, let consoleDirectory {
                let path = consoleDirectory.appendingPathComponent(fileName).path
                if let file = LogStream.file(path, rotatingAt: largestFile) {
                    printError(
                        "The log goes to \(path) while the console uses this terminal (tail -f \(path) shows it).")
                    stream = file
                    journal = false
                } else {
                    printError(
                        "Cannot open the log file \(path) (\(String(cString: strerror(errno)))): log lines go to this "
                            + "terminal, between the console's.")
                }
            }
            LoggingSystem.bootstrap { [stream, journal] label in
                if journal { return JournalLogHandler(logLevel: level, stream: stream) }
                var handler = StreamLogHandler(label: label, stream: OneLinePerEntry(stream: stream))
                handler.logLevel = level
                return handler
            }
        }
        var logger = Logger(label: "stayfit")
        logger.logLevel = level
        return logger
    }

    /// Whether systemd started the hub (it sets `INVOCATION_ID` for every unit it runs): its log belongs in the
    /// journal with the service's, also when the unit gave the hub a terminal.
    static func isUnderSystemd(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["INVOCATION_ID"] ?? "").isEmpty || !(environment["JOURNAL_STREAM"] ?? "").isEmpty
    }

    /// Whether the console plugin of `configuration` writes to the terminal that stderr is: then it owns it.
    static func consoleOwnsTerminal(_ configuration: HubConfiguration) -> Bool {
        (try? pluginRegistry.enabledTables(in: configuration))?[ConsolePlugin.id] != nil && isatty(STDOUT_FILENO) == 1
            && isatty(STDERR_FILENO) == 1
    }
}

/// Each log entry on one line, whatever its message and metadata hold: a line break inside an entry (a folder from
/// the configuration, a name a device gave itself) would start what reads as an entry of its own, such as a forged
/// "Workout finished". A break inside is written as `\n`, a carriage return as `\r`.
struct OneLinePerEntry: TextOutputStream, Sendable {
    var stream: LogStream

    mutating func write(_ string: String) {
        // swift-log's stream handler writes an entry in one call, ending it with its one line break.
        let body = string.hasSuffix("\n") ? String(string.dropLast()) : string
        let escaped = body.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        stream.write(escaped + (string.hasSuffix("\n") ? "\n" : ""))
    }
}

/// A file or standard error for log lines, one write(2) per line.
///
/// On a terminal the console may be showing its status line, with the cursor at its end: a log line written
/// there would be glued to it. So each line first returns to the start of the line and clears it
/// (`\r`, `ESC [K`); the console draws its status line again at its next update. In a pipe, a file or the journal
/// the lines stay plain.
struct LogStream: TextOutputStream, Sendable {
    /// Return to the start of the line and clear to its end.
    static let clearLine = "\r\u{1B}[K"

    let descriptor: Int32
    let isTerminal: Bool

    /// The log file at `path`, appended to (made 0600: the log names the data's paths and the strap); one of
    /// `largest` bytes or more is first moved to `path.1`. Nil when it cannot be opened, with `errno` set.
    static func file(_ path: String, rotatingAt largest: Int) -> LogStream? {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= largest {
            rename(path, path + ".1")
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        return LogStream(descriptor: descriptor, isTerminal: false)
    }

    /// journald's stream socket, as systemd connects a service's stderr to it (`sd_journal_stream_fd`): after a
    /// header naming the sender, each line is an entry, and its `<6>` prefix the entry's priority. Nil when there is
    /// no journal to connect to.
    static func journal(path: String = "/run/systemd/journal/stdout", identifier: String = "stayfit") -> LogStream? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        shutdown(descriptor, Int32(SHUT_RD))
        // Identifier, unit (none), default priority (info), level prefix on, no forwarding to syslog, kmsg or console.
        var stream = LogStream(descriptor: descriptor, isTerminal: false)
        stream.write("\(identifier)\n\n6\n1\n0\n0\n0\n")
        return stream
    }

    mutating func write(_ string: String) {
        var bytes = Array(((isTerminal ? Self.clearLine : "") + string).utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// Log lines for journald: `<6>ready plugins=console`, the syslog priority first, then the message and metadata.
struct JournalLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider
    let stream: LogStream

    init(logLevel: Logger.Level, stream: LogStream) {
        self.logLevel = logLevel
        self.stream = stream
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Whether stderr is the journal: systemd sets `JOURNAL_STREAM` to its `device:inode`. A child whose stderr
    /// was redirected elsewhere inherits the variable, so it counts only when it names stderr itself.
    static func standardErrorIsJournal(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// syslog(3)'s priorities: 7 debug … 2 critical.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let own = event.metadata { merged.merge(own) { $1 } }
        var line = "<\(Self.priority(event.level))>\(event.message)"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        if let error = event.error { line += " error=\(error)" }
        // One line per entry: the journal would split a message with newlines into several entries.
        var stream = stream
        stream.write(line.replacingOccurrences(of: "\n", with: " ") + "\n")
    }
}
