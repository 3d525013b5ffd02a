import Logging
import ServiceLifecycle

/// Makes the bus's losses visible: when a subscriber drops messages (it is too slow for its buffer), logs a
/// warning naming it and how many it lost since the last report.
///
/// It sleeps until the bus signals a loss (``MessageBus/losses()``), so a hub that loses nothing never wakes
/// it; then it reports at most once per `interval`, however fast messages are lost. Counts are remembered
/// per subscription, not per subscriber name: a plugin restarted by its supervisor subscribes again under the
/// same name, starting from zero, and its new losses are reported as such.
struct BusLossReporter: Service {
    let bus: MessageBus
    let logger: Logger
    /// The shortest time between two reports.
    var interval: Duration = .seconds(10)

    func run() async throws {
        // Listen before the first look: a loss after it signals, a loss before it is in that first look.
        let losses = bus.losses()
        var reported: [UInt64: Int] = [:]
        report(&reported)
        for await _ in losses.cancelOnGracefulShutdown() {
            report(&reported)
            // Losses during the pause leave one signal behind, which brings the next report.
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                break
            }
        }
        // Losses not yet reported (the pause was cut short by shutdown) are still worth a line.
        report(&reported)
    }

    /// Logs every subscription that has lost messages since `reported` was updated, and updates it.
    private func report(_ reported: inout [UInt64: Int]) {
        let statistics = bus.statistics()
        for subscription in statistics where subscription.dropped > reported[subscription.id, default: 0] {
            let new = subscription.dropped - reported[subscription.id, default: 0]
            reported[subscription.id] = subscription.dropped
            logger.warning(
                "a slow subscriber lost messages",
                metadata: [
                    "subscriber": "\(subscription.subscriber)", "message": "\(subscription.messageType)",
                    "lost": "\(new)", "lostInAll": "\(subscription.dropped)",
                ])
        }
        // Forget subscriptions that have ended, so that a hub whose plugins restart for months keeps no list.
        let current = Set(statistics.map(\.id))
        reported = reported.filter { current.contains($0.key) }
    }
}
