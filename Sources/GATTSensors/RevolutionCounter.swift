/// Turns one wrapping revolution counter and its wrapping event time into a rate, with the rules both the CSC and
/// the Cycling Power calculators need.
///
/// - Differences are unsigned and modular (`&-`), so a counter or a time that wraps gives the right small step.
/// - No new revolution (whether or not the event time repeats) keeps the last rate until `stopTimeout` of hub
///   time has passed since the last revolution, then gives 0: a sensor repeats its last event while the wheel
///   stands, and a slow crank turns less than once a second.
/// - A rate above the limit, by the event times or by the hub's time since the last revolution, is rejected and
///   the new values become the baseline, so that one bad sample (or a sensor that restarted from 0) costs one
///   sample, not the rest of the ride.
/// - When a whole event-time period (64 s at 1/1024 s, 32 s at 1/2048 s) may have passed since the last
///   revolution, the event time may have wrapped unseen: the revolutions are counted (if hub time allows them)
///   but give a rate of 0 until the next one.
struct RevolutionCounter: Sendable {
    enum Outcome: Equatable {
        case accepted(newRevolutions: UInt32)
        case tooFast(revolutionsPerSecond: Double)
        case wentBackwards
        case revolutionsWithoutTime
    }

    private let counterMask: UInt32
    private let maximumRevolutionsPerSecond: Double
    private let stopTimeout: Duration
    private var last: (revolutions: UInt32, eventTime: UInt16, ticksPerSecond: Int)?
    /// Hub time of the last sample that brought a revolution (or set the baseline).
    private var lastRevolutionAt: Duration = .zero
    /// Revolutions per second; nil until two samples gave one.
    private(set) var revolutionsPerSecond: Double?

    init(counterBits: Int, maximumRevolutionsPerSecond: Double, stopTimeout: Duration) {
        counterMask = counterBits >= 32 ? .max : (1 << UInt32(counterBits)) - 1
        self.maximumRevolutionsPerSecond = maximumRevolutionsPerSecond
        self.stopTimeout = stopTimeout
    }

    mutating func add(revolutions: UInt32, eventTime: UInt16, ticksPerSecond: Int, at now: Duration) -> Outcome {
        guard let last, last.ticksPerSecond == ticksPerSecond else {
            // The first sample (or one from another clock) is only a baseline: a rate needs two.
            rebase(revolutions, eventTime, ticksPerSecond, at: now)
            return .accepted(newRevolutions: 0)
        }
        let newRevolutions = (revolutions &- last.revolutions) & counterMask
        let ticks = eventTime &- last.eventTime
        let sinceRevolution = now - lastRevolutionAt
        guard newRevolutions > 0 else {
            self.last = (revolutions, eventTime, ticksPerSecond)
            if sinceRevolution >= stopTimeout { revolutionsPerSecond = 0 }
            return .accepted(newRevolutions: 0)
        }
        let backwards = revolutions & counterMask < last.revolutions & counterMask
        // Every revolution counted now came after the sample that brought the last one (give or take the radio's
        // latency, a second at most), whatever the event times say: a damaged payload whose counter and event
        // time jump together looks plausible by its event times alone.
        let hubSeconds = max(sinceRevolution.seconds, 0) + 1
        guard Double(newRevolutions) <= maximumRevolutionsPerSecond * hubSeconds else {
            rebase(revolutions, eventTime, ticksPerSecond, at: now)
            return backwards ? .wentBackwards : .tooFast(revolutionsPerSecond: Double(newRevolutions) / hubSeconds)
        }
        // The hub sees an event up to a notification interval late; an eighth of the period covers that.
        if sinceRevolution.seconds >= 65536 / Double(ticksPerSecond) * 7 / 8 {
            // Moving again after a standstill long enough for the event time to wrap unseen: the revolutions count,
            // but their time is unknown, so they give no rate yet (and the last one is stale).
            rebase(revolutions, eventTime, ticksPerSecond, at: now)
            revolutionsPerSecond = 0
            return .accepted(newRevolutions: newRevolutions)
        }
        rebase(revolutions, eventTime, ticksPerSecond, at: now)
        guard ticks > 0 else { return backwards ? .wentBackwards : .revolutionsWithoutTime }
        let rate = Double(newRevolutions) * Double(ticksPerSecond) / Double(ticks)
        guard rate <= maximumRevolutionsPerSecond else {
            return backwards ? .wentBackwards : .tooFast(revolutionsPerSecond: rate)
        }
        revolutionsPerSecond = rate
        return .accepted(newRevolutions: newRevolutions)
    }

    private mutating func rebase(_ revolutions: UInt32, _ eventTime: UInt16, _ ticksPerSecond: Int, at now: Duration) {
        last = (revolutions, eventTime, ticksPerSecond)
        lastRevolutionAt = now
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
