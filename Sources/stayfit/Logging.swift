import Glibc
import Logging
import Synchronization

/// Sets up swift-log once per process: plain lines on stderr, which journald collects under systemd.
enum LogSetup {
    private static let done = Mutex(false)

    static func bootstrap(level: Logger.Level) -> Logger {
        done.withLock { done in
            guard !done else { return }
            done = true
            let stream = LogStream(isTerminal: isatty(STDERR_FILENO) == 1)
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler(label: label, stream: stream)
                handler.logLevel = level
                return handler
            }
        }
        var logger = Logger(label: "stayfit")
        logger.logLevel = level
        return logger
    }
}

/// Standard error for log lines, one write(2) per line.
///
/// On a terminal the console may be showing its status line, with the cursor at its end: a log line written
/// there would be glued to it. So each line first returns to the start of the line and clears it
/// (`\r`, `ESC [K`); the console draws its status line again at its next update. In a pipe or the journal
/// the lines stay plain.
struct LogStream: TextOutputStream, Sendable {
    /// Return to the start of the line and clear to its end.
    static let clearLine = "\r\u{1B}[K"

    let isTerminal: Bool

    mutating func write(_ string: String) {
        var bytes = Array(((isTerminal ? Self.clearLine : "") + string).utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
