import Logging

/// A log handler that hands every record to a stream, so a test can wait for the line it expects.
struct RecordingLogHandler: LogHandler {
    /// What was logged, with the metadata values as text.
    struct Record: Sendable, Equatable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let sink: AsyncStream<Record>.Continuation
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        sink.yield(Record(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
    }

    /// A logger whose records arrive on the returned stream.
    static func logger() -> (Logger, AsyncStream<Record>) {
        let (records, sink) = AsyncStream.makeStream(of: Record.self)
        return (Logger(label: "test") { _ in RecordingLogHandler(sink: sink) }, records)
    }
}
