import Foundation
import Logging
import Synchronization

/// Keeps what a logger logged, so that a test can wait for a log line as for any other event.
///
/// Every entry is kept in ``all`` and also handed to ``entries``, for a test that awaits the line it expects.
/// With `STAYFIT_TEST_LOG` set in the environment, each entry is echoed to standard error as well, for a person
/// reading a test run.
///
/// ```swift
/// let log = LogRecorder()
/// context.logger = log.logger(label: "heart-rate")
/// …
/// #expect(log.all.contains { $0.message == "heart-rate strap connected" })
/// ```
public final class LogRecorder: Sendable {
    /// One log line, with its metadata values as text.
    public struct Entry: Sendable, Equatable {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]

        public init(level: Logger.Level, message: String, metadata: [String: String] = [:]) {
            self.level = level
            self.message = message
            self.metadata = metadata
        }
    }

    private let kept = Mutex<[Entry]>([])
    private let sink: AsyncStream<Entry>.Continuation
    /// Every entry as it is logged; one consumer.
    public let entries: AsyncStream<Entry>

    public init() {
        (entries, sink) = AsyncStream.makeStream(of: Entry.self)
    }

    /// Everything logged so far, oldest first.
    public var all: [Entry] { kept.withLock { $0 } }

    /// A logger that records here everything at `level` and above.
    public func logger(label: String = "test", level: Logger.Level = .trace) -> Logger {
        let echoes = ProcessInfo.processInfo.environment["STAYFIT_TEST_LOG"] != nil
        var logger = Logger(label: label) { label in
            Handler(recorder: self, echo: echoes ? StreamLogHandler.standardError(label: label) : nil)
        }
        logger.logLevel = level
        return logger
    }

    private func record(_ entry: Entry) {
        kept.withLock { $0.append(entry) }
        sink.yield(entry)
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        let echo: StreamLogHandler?
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            recorder.record(
                Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
            echo?.log(event: event)
        }
    }
}
