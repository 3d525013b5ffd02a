import Synchronization

/// How long a ``FileDescriptorReader`` that gathers records waits after a wake-up before it reads again, so that a
/// sensor that notifies several times a second costs one thread wake-up for several notifications.
///
/// A wake-up from idle is most of what a notification costs the hub: on the build machine a bike sensor's payload
/// took about 20 µs when they came a millisecond apart and 75–110 µs when they came 10–250 ms apart, the same code
/// with cold caches (Benchmarks/README.md, issue 19). The socket keeps each notification as its own record
/// meanwhile, so nothing is lost by reading a few at once, only delayed.
///
/// The pause adapts, so a socket never fills: it doubles (from 10 ms, up to `longest`) while a wake-up finds at
/// most ``recordsPerWakeUp`` records, and halves when it finds more. A sensor at 4 Hz is read once a second (4
/// records); one at 1 kHz about every 8 ms; a flood without pause. BlueZ's notification socket holds about 270
/// records before it refuses more. After a pause that found nothing the reader waits on the socket again: a quiet
/// sensor costs nothing.
public struct GatheringPause: Sendable, Equatable {
    /// The most records a wake-up should find; more shorten the pause.
    public static let recordsPerWakeUp = 8
    /// The longest pause: how late a record may be handled.
    public let longest: Duration
    /// The first pause after a quiet wake-up: 10 ms unless a test asks for another.
    public let shortest: Duration
    /// The pause to take now.
    public private(set) var current: Duration = .zero

    public init(longest: Duration, shortest: Duration = .milliseconds(10)) {
        self.longest = longest
        self.shortest = min(shortest, longest)
    }

    /// Adapts the pause to a wake-up that found `records` records (one or more).
    public mutating func found(_ records: Int) {
        if records <= Self.recordsPerWakeUp {
            current = min(longest, max(current * 2, shortest))
        } else {
            current = current < shortest ? .zero : current / 2
        }
    }

    /// The pause in whole milliseconds for `poll()`, `now` on the monotonic clock (any fixed origin).
    ///
    /// At its longest the pause ends on the next moment that is `phase` plus a whole multiple of `longest` instead,
    /// so that every gathering reader in the process (a ride's strap, speed sensor, power meter and trainer) wakes
    /// in the same moment, just before the workout's second: the first wake-up brings the code they share into the
    /// caches for the others, which then cost a fraction of it (see ``alignWakeUps(withTickAt:)``).
    func milliseconds(at now: Duration, phase: Duration = .zero) -> Int32 {
        var pause = current
        if current == longest, longest > .zero {
            let period = Self.nanoseconds(longest)
            let intoPeriod = ((Self.nanoseconds(now) - Self.nanoseconds(phase)) % period + period) % period
            pause = .nanoseconds(period - intoPeriod)
        }
        return Int32(clamping: (Self.nanoseconds(pause) + 999_999) / 1_000_000)
    }

    // MARK: - One moment for every reader

    /// How long before the workout's tick the readers wake, so that their readings count in the second it closes.
    static let lead: Duration = .milliseconds(5)
    /// The origin of ``now`` and of the phase: the first moment anything here asked.
    private static let reference = ContinuousClock.now
    /// Where in each second gathering readers wake, after ``reference``, in nanoseconds.
    private static let phaseNanoseconds = Atomic<Int64>(0)

    /// Lets every gathering reader wake just before the moments `tick` and every whole second from it: the workout
    /// engine calls it when its second-ticker starts, whose wake-up then finds the code it shares with them warm.
    public static func alignWakeUps(withTickAt tick: ContinuousClock.Instant) {
        phaseNanoseconds.store(nanoseconds(reference.duration(to: tick) - lead), ordering: .relaxed)
    }

    /// The monotonic time since ``reference`` and the phase to wake on, for ``milliseconds(at:phase:)``.
    static var nowAndPhase: (now: Duration, phase: Duration) {
        (reference.duration(to: .now), .nanoseconds(phaseNanoseconds.load(ordering: .relaxed)))
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
