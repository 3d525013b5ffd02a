import Foundation
import Logging
import ServiceLifecycle

/// Sent by the watchdog on the bus; the hub's event loop answers with ``WatchdogProbeAnswered``.
public struct WatchdogProbe: BusMessage, Equatable {
    public var token: UInt64
    public init(token: UInt64) { self.token = token }
}

/// The hub's event loop got the ``WatchdogProbe`` with this `token`: it is alive and the bus delivers.
public struct WatchdogProbeAnswered: BusMessage, Equatable {
    public var token: UInt64
    public init(token: UInt64) { self.token = token }
}

/// What systemd asks of the watchdog: a `WATCHDOG=1` ping within every `WATCHDOG_USEC`.
public struct WatchdogSettings: Sendable, Equatable {
    /// How often to ping: half of systemd's interval, so that one late ping is not yet a missed deadline.
    public var period: Duration

    /// The settings systemd exported, or nil when no watchdog is asked of this process: `WATCHDOG_USEC` unset,
    /// not a positive whole number, or `WATCHDOG_PID` naming another process (the variables were inherited).
    public init?(environment: [String: String], processID: Int32 = getpid()) {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text), microseconds > 0,
            microseconds <= UInt64(Int64.max)
        else { return nil }
        if let pid = environment["WATCHDOG_PID"], !pid.isEmpty, Int32(pid) != processID { return nil }
        period = .microseconds(Int64(microseconds)) / 2
    }
}

/// Sends systemd's `WATCHDOG=1` pings, each one only after a round trip through the bus and the hub's event loop.
///
/// A free-running timer would keep pinging while the hub hangs, and systemd would never restart it. So every
/// `period` this publishes a ``WatchdogProbe``; the hub's event loop answers it, and only the answer to the latest
/// probe earns a ping. A hub whose loop is blocked, whose bus is stuck or whose executor is starved sends none, and
/// systemd kills it once `WATCHDOG_USEC` has passed (`Restart=` brings it back). Without `WATCHDOG_USEC` it does
/// nothing and never wakes up.
struct Watchdog: Service {
    private enum Event: Sendable {
        /// A probe with this token is about to be published.
        case probing(UInt64)
        case answered(UInt64)
        case stop
    }

    private let settings: WatchdogSettings?
    private let notifier: SystemdNotifier
    private let bus: MessageBus
    private let clock: any HubClock
    private let logger: Logger
    private let inbox: Inbox<Event>

    /// - Parameter clock: real time (speed 1): systemd's deadline is in real time, whatever the hub's clock does.
    init(
        settings: WatchdogSettings?, notifier: SystemdNotifier, bus: MessageBus, clock: any HubClock, logger: Logger
    ) {
        self.settings = settings
        self.notifier = notifier
        self.bus = bus
        self.clock = clock
        self.logger = logger
        inbox = bus.inbox(of: Event.self, subscriber: "watchdog", capacity: 16) {
            $0.route(WatchdogProbeAnswered.self) { .answered($0.token) }
        }
    }

    func run() async throws {
        guard let period = settings?.period else {
            inbox.finish()
            // Stay until the group stops: a service that returns while the group shuts down in order counts as
            // having "finished unexpectedly".
            try? await gracefulShutdown()
            return
        }
        logger.info("systemd watchdog on", metadata: ["ping every": "\(period)"])
        let inbox = inbox, bus = bus, clock = clock, notifier = notifier
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var token: UInt64 = 0
                while true {
                    do { try await clock.sleep(until: clock.instant + period) } catch { return }
                    token &+= 1
                    // Posted first, so that the loop knows the token before its answer can come.
                    inbox.post(.probing(token))
                    bus.publish(WatchdogProbe(token: token))
                }
            }
            await withGracefulShutdownHandler {
                var awaited: UInt64?
                loop: for await event in inbox {
                    switch event {
                    case .probing(let token):
                        awaited = token
                    case .answered(let token):
                        // Only the latest probe counts, and only once: a loop that answers late, after a newer
                        // probe went out, has not shown that it keeps up.
                        guard token == awaited else { continue }
                        awaited = nil
                        notifier.notify("WATCHDOG=1")
                    case .stop:
                        break loop
                    }
                }
            } onGracefulShutdown: {
                inbox.post(.stop)
            }
            group.cancelAll()
        }
        try? await gracefulShutdown()
    }
}
