import HubCore
import ServiceLifecycle

/// Answers `StatusRequested` ("status now", from a button or the console) with one sentence as an `Announcement`:
/// idle or recording, the workout's time and distance, then every source's `StatusPart` (heart rate, strap battery,
/// GPS fix, or whatever a plugin for another kind of sensor says).
///
/// It keeps a ``StatusSnapshot`` up to date from the bus, so an answer needs no question to any plugin and comes at
/// once. It wakes only for a request and a workout's change of state: the workout's progress and the parts, which
/// may come every second, wait in its inbox (only the newest of each, and of each source) until then.
///
/// On by default: a hub whose file has no `[plugins.status]` table answers as it always did.
public struct StatusPlugin: Plugin {
    public static let id: PluginID = "status"
    public static let capabilities: PluginCapabilities = [.onByDefault]

    /// The `[plugins.status]` table: no keys of its own (the keys every plugin table takes).
    public struct Configuration: PluginConfiguration {
        public init(_ table: ConfigTable) throws {}
        public init() {}
    }

    private enum Event: Sendable {
        case request(String)
        case state(WorkoutStateChanged)
        case progress(WorkoutProgress)
        case part(StatusPart)
        case stop
    }

    private let context: PluginContext
    private let inbox: Inbox<Event>

    /// Subscribes at once, so that the sensors' first parts and a workout resumed at start-up are known.
    public init(configuration: Configuration, context: PluginContext) {
        self.context = context
        inbox = context.bus.inbox(of: Event.self, subscriber: "status", capacity: 64) {
            $0.route(StatusRequested.self) { .request($0.source) }
            $0.route(WorkoutStateChanged.self) { .state($0) }
            $0.route(WorkoutProgress.self, delivery: { .latest(.progress($0)) })
            $0.route(StatusPart.self, delivery: { .latestOfKey($0.source, .part($0)) })
        }
    }

    public func run() async throws {
        let inbox = inbox, context = context
        await withGracefulShutdownHandler {
            var snapshot = StatusSnapshot()
            loop: for await event in inbox {
                switch event {
                case .request(let source):
                    let sentence = snapshot.sentence(at: context.clock.instant)
                    context.logger.debug("status requested", metadata: ["by": "\(source)"])
                    context.bus.publish(Announcement(sentence, priority: .important))
                case .state(let change): snapshot.apply(change)
                case .progress(let progress): snapshot.apply(progress)
                case .part(let part): snapshot.apply(part)
                case .stop: break loop
                }
            }
        } onGracefulShutdown: {
            inbox.post(.stop)
        }
    }
}
