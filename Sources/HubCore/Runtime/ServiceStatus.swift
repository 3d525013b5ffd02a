import Logging
import ServiceLifecycle

/// Keeps systemd's `STATUS=` line (`systemctl status stayfit`) on what the hub does: "idle",
/// "recording 12:04, 3.10 km", "paused 12:04, 3.10 km".
///
/// It listens to the workout engine's `WorkoutStateChanged` and `WorkoutProgress`, and sends at most one datagram
/// per `minimumGap`: a recording hub changes its line every second, and nobody reads it that often. A change that
/// comes sooner waits until the gap has passed; an idle hub sends nothing and is not woken. Only every
/// `minimumGap`-th second of progress wakes it (the others wait in its inbox, the latest only), and without systemd
/// to tell (no `NOTIFY_SOCKET`) it listens to nothing.
struct ServiceStatus: Service {
    private enum Event: Sendable {
        case ready
        case state(WorkoutState)
        /// A second's progress; `sends` when it is one of those that wake the service, the others only update the line.
        case progress(WorkoutProgress, sends: Bool)
        case due
        case stop
    }

    private let notifier: SystemdNotifier
    private let clock: any HubClock
    private let minimumGap: Duration
    private let inbox: Inbox<Event>

    /// Subscribes at once, so that a workout resumed at start-up (before the hub is ready) is not missed.
    init(notifier: SystemdNotifier, bus: MessageBus, clock: any HubClock, minimumGap: Duration = .seconds(5)) {
        self.notifier = notifier
        self.clock = clock
        self.minimumGap = minimumGap
        let listening = notifier.isEnabled
        let everySeconds = max(1, Int(minimumGap.seconds.rounded(.up)))
        inbox = bus.inbox(of: Event.self, subscriber: "service status", capacity: 16) {
            guard listening else { return }
            $0.route(HubReady.self) { _ in .ready }
            $0.route(WorkoutStateChanged.self) { .state($0.state) }
            $0.route(
                WorkoutProgress.self,
                delivery: {
                    Int($0.elapsed.seconds).isMultiple(of: everySeconds)
                        ? .wake(.progress($0, sends: true)) : .latest(.progress($0, sends: false))
                })
        }
    }

    /// The status line for a workout's progress.
    static func line(_ progress: WorkoutProgress) -> String {
        let numbers = "\(Format.clock(progress.elapsed)), \(Format.distance(meters: progress.totals.distanceMeters))"
        return (progress.state == .paused ? "paused " : "recording ") + numbers
    }

    func run() async throws {
        let inbox = inbox, clock = clock, minimumGap = minimumGap
        await withTaskGroup(of: Void.self) { group in
            await withGracefulShutdownHandler {
                var ready = false
                var current = "idle"
                var last: (line: String, at: HubInstant)?
                var latest: WorkoutProgress?
                var waiting = false  // a `.due` is on its way
                loop: for await event in inbox {
                    switch event {
                    case .ready: ready = true
                    case .state(let state):
                        switch state {
                        case .idle, .finished:
                            latest = nil
                            current = "idle"
                        case .running, .paused:
                            // Until the next progress, the numbers of the last one (none yet at a start).
                            if var progress = latest {
                                progress.state = state
                                current = Self.line(progress)
                            } else {
                                current = (state == .paused ? "paused " : "recording ") + "0:00, 0 m"
                            }
                        }
                    case .progress(let progress, let sends):
                        latest = progress
                        current = Self.line(progress)
                        guard sends else { continue }
                    case .due: waiting = false
                    case .stop: break loop
                    }
                    guard ready, current != last?.line, !waiting else { continue }
                    if let last, clock.instant < last.at + minimumGap {
                        waiting = true
                        let due = last.at + minimumGap
                        group.addTask {
                            do { try await clock.sleep(until: due) } catch { return }
                            inbox.post(.due)
                        }
                        continue
                    }
                    notifier.notify("STATUS=\(current)")
                    last = (current, clock.instant)
                }
            } onGracefulShutdown: {
                inbox.post(.stop)
            }
            group.cancelAll()
        }
        try? await gracefulShutdown()
    }
}
