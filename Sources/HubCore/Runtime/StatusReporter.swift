import Logging
import ServiceLifecycle

/// Answers `StatusRequested` ("status now", from a button or the console) with one sentence as an `Announcement`:
/// idle or recording, elapsed time, distance, heart rate, strap battery, GPS fix.
///
/// It keeps a ``StatusSnapshot`` up to date from the bus, so an answer needs no question to any plugin and comes at
/// once. It wakes only for a request, a workout's change of state and a sensor's change of status: the readings and
/// the workout's progress, which come every second, wait in its inbox (only the latest of each) until then.
struct StatusReporter: Service {
    private enum Event: Sendable {
        case request(String)
        case state(WorkoutStateChanged)
        case progress(WorkoutProgress)
        case heartRate(HeartRateMeasured, at: HubInstant)
        case position(PositionMeasured, at: HubInstant)
        case sensor(SensorStatusChanged)
        case stop
    }

    private let bus: MessageBus
    private let clock: any HubClock
    private let logger: Logger
    private let inbox: Inbox<Event>

    /// Subscribes at once, so that the sensors' first readings and a workout resumed at start-up are known.
    init(bus: MessageBus, clock: any HubClock, logger: Logger) {
        self.bus = bus
        self.clock = clock
        self.logger = logger
        inbox = bus.inbox(of: Event.self, subscriber: "status reporter", capacity: 64) {
            $0.route(StatusRequested.self) { .request($0.source) }
            $0.route(WorkoutStateChanged.self) { .state($0) }
            $0.route(WorkoutProgress.self, delivery: { .latest(.progress($0)) })
            // Stamped on arrival: a reading handed over later must not look fresher than it is.
            $0.route(HeartRateMeasured.self, delivery: { .latest(.heartRate($0, at: clock.instant)) })
            $0.route(PositionMeasured.self, delivery: { .latest(.position($0, at: clock.instant)) })
            $0.route(SensorStatusChanged.self) { .sensor($0) }
        }
    }

    func run() async throws {
        let inbox = inbox
        await withGracefulShutdownHandler {
            var snapshot = StatusSnapshot()
            loop: for await event in inbox {
                switch event {
                case .request(let source):
                    let sentence = snapshot.sentence(at: clock.instant)
                    logger.debug("status requested", metadata: ["by": "\(source)"])
                    bus.publish(Announcement(sentence, priority: .important))
                case .state(let change): snapshot.apply(change)
                case .progress(let progress): snapshot.apply(progress)
                case .heartRate(let reading, let instant): snapshot.apply(reading, at: instant)
                case .position(let position, let instant): snapshot.apply(position, at: instant)
                case .sensor(let change): snapshot.apply(change)
                case .stop: break loop
                }
            }
        } onGracefulShutdown: {
            inbox.post(.stop)
        }
    }
}
