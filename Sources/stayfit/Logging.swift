import Logging
import Synchronization

/// Sets up swift-log once per process: plain lines on stderr, which journald collects under systemd.
enum LogSetup {
    private static let done = Mutex(false)

    static func bootstrap(level: Logger.Level) -> Logger {
        done.withLock { done in
            guard !done else { return }
            done = true
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
        }
        var logger = Logger(label: "stayfit")
        logger.logLevel = level
        return logger
    }
}
