import Synchronization

/// How often a client address may try a password: a few tries free, then a wait that doubles with each wrong one.
///
/// While a client must wait, its tries are refused before the password is even looked at, so a right password
/// sent among a hundred wrong ones gets in no sooner than the wait allows. A right password clears the count.
/// At most `capacity` addresses are remembered; past that the one least recently refused is forgotten.
final class LoginLimiter: Sendable {
    /// Wrong tries allowed before the first wait.
    let freeTries: Int
    /// The first wait; each further wrong try doubles it, up to `longestWait`.
    let firstWait: Duration
    let longestWait: Duration
    let capacity: Int

    private struct Record {
        var failures = 0
        var blockedUntil: ContinuousClock.Instant?
        var lastFailure: ContinuousClock.Instant
    }

    private let records = Mutex<[String: Record]>([:])

    init(
        freeTries: Int = 5, firstWait: Duration = .seconds(1), longestWait: Duration = .seconds(900),
        capacity: Int = 1024
    ) {
        self.freeTries = freeTries
        self.firstWait = firstWait
        self.longestWait = longestWait
        self.capacity = capacity
    }

    /// How long `client` must still wait before its next try is looked at; nil when it may try now.
    func wait(for client: String, now: ContinuousClock.Instant) -> Duration? {
        records.withLock { records in
            guard let until = records[client]?.blockedUntil, until > now else { return nil }
            return until - now
        }
    }

    /// Counts a wrong password from `client`; the wait it now has, if any.
    @discardableResult
    func failed(_ client: String, now: ContinuousClock.Instant) -> Duration? {
        records.withLock { records in
            if records[client] == nil, records.count >= capacity,
                let oldest = records.min(by: { $0.value.lastFailure < $1.value.lastFailure })
            {
                records[oldest.key] = nil
            }
            var record = records[client] ?? Record(lastFailure: now)
            record.failures += 1
            record.lastFailure = now
            let over = record.failures - freeTries
            if over > 0 {
                // 1 s, 2 s, 4 s … : past 20 doublings the cap has long been reached, and the shift stays small.
                let wait = min(longestWait, firstWait * (1 << min(over - 1, 20)))
                record.blockedUntil = now + wait
            }
            records[client] = record
            return record.blockedUntil.map { $0 > now ? $0 - now : nil } ?? nil
        }
    }

    /// A right password from `client`: its count starts again.
    func succeeded(_ client: String) { _ = records.withLock { $0.removeValue(forKey: client) } }
}
