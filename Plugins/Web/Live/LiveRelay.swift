import Foundation
import HubCore
import Synchronization

/// The bus's messages for the live page, each made into an event once and written to every open page inside the
/// bus's `publish`.
///
/// No task stands between the bus and the pages' connections: with an inbox and a task to read it, each second's
/// event woke the task pool twice before the event loop (issue 22's CPU target, `Benchmarks/web-live`). The routes
/// only encode a few figures and queue a write (``ChannelSink``): quick and never blocking, as `publish` asks.
final class LiveRelay: Sendable {
    private struct State {
        /// The workout's moving time at its last second: a program step's count-down starts there.
        var movingSeconds = 0
        /// The person's, for the heart-rate zone's colour; nil until known, or without a birth date.
        var maximumHeartRate: Double?
    }

    /// Shared with the routes, which are made before `self` is.
    private final class Shared: Sendable { let state = Mutex(State()) }

    private let shared = Shared()
    /// The subscription: its routes hand every event to the feed and leave nothing in it.
    private let subscription: Inbox<Never>

    /// Subscribes at once, so a page opened as the hub starts is told the state a recovered workout is in.
    init(bus: MessageBus, feed: LiveFeed) {
        let shared = shared
        subscription = bus.inbox(of: Never.self, subscriber: "web", capacity: 1) { routes in
            func relay<M: BusMessage>(_ type: M.Type, _ event: @escaping @Sendable (M) -> LiveEvent?) {
                routes.route(
                    type,
                    delivery: { message -> InboxDelivery<Never>? in
                        event(message).map(feed.publish)
                        return nil
                    })
            }
            relay(WorkoutProgress.self) { progress in
                let maximum = shared.state.withLock { state in
                    state.movingSeconds = Int(progress.moving.components.seconds)
                    return state.maximumHeartRate
                }
                return .progress(progress, maximumHeartRate: maximum)
            }
            relay(WorkoutStateChanged.self) { change in
                if change.state == .idle || change.state == .running && change.previous == .idle {
                    shared.state.withLock { $0.movingSeconds = 0 }
                }
                return .state(change)
            }
            relay(GoalProgress.self) { .goal($0) }
            relay(ProgramStepStarted.self) { .step($0, startedAtSeconds: shared.state.withLock { $0.movingSeconds }) }
            relay(ProgramFinished.self) { .programFinished($0) }
            relay(AudioStatusChanged.self) { .music($0) }
            relay(StatusPart.self) { .person($0) }
            relay(Announcement.self) { .said($0) }
        }
    }

    /// The person's predicted maximum heart rate, once the profile is read: the progress events then carry a zone.
    func setMaximumHeartRate(_ maximum: Double?) { shared.state.withLock { $0.maximumHeartRate = maximum } }

    /// Ends the subscription.
    func stop() { subscription.finish() }
}
