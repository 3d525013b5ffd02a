import Logging
import ServiceLifecycle

/// Makes the bus's losses visible: every `interval` it logs a warning naming each subscriber that has
/// dropped messages since the last look (a subscriber too slow for its buffer).
struct BusLossReporter: Service {
    let bus: MessageBus
    let logger: Logger
    var interval: Duration = .seconds(10)

    func run() async throws {
        var reported: [String: Int] = [:]
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            for statistics in bus.statistics() where statistics.dropped > 0 {
                let key = "\(statistics.subscriber)/\(statistics.messageType)"
                let new = statistics.dropped - reported[key, default: 0]
                guard new > 0 else { continue }
                reported[key] = statistics.dropped
                logger.warning(
                    "a slow subscriber lost messages",
                    metadata: [
                        "subscriber": "\(statistics.subscriber)", "message": "\(statistics.messageType)",
                        "lost": "\(new)", "lostInAll": "\(statistics.dropped)",
                    ])
            }
        }
    }
}
