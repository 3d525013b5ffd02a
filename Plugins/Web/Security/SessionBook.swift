import Synchronization

/// The browsers logged in, in memory: a hub restart logs everyone out, which on a home hub is no loss.
///
/// A session is refused when it has been idle longer than `idleLimit`, or when the password has changed since it
/// was made (each remembers the hash it was made under, and the caller passes the current one, read at each
/// request). At most `capacity` sessions are kept; a new one beyond that pushes out the longest idle.
final class SessionBook: Sendable {
    let idleLimit: Duration
    let capacity: Int
    private let sessions = Mutex<[String: WebSession]>([:])

    init(idleLimit: Duration, capacity: Int = 64) {
        self.idleLimit = idleLimit
        self.capacity = capacity
    }

    /// A new session under the password whose hash is `passwordHash`.
    func open(passwordHash: String, now: ContinuousClock.Instant) -> WebSession {
        let session = WebSession(
            key: RandomToken.make(), csrfToken: RandomToken.make(), passwordHash: passwordHash, lastSeen: now)
        sessions.withLock { sessions in
            sessions = sessions.filter { now - $0.value.lastSeen <= idleLimit }
            if sessions.count >= capacity, let oldest = sessions.min(by: { $0.value.lastSeen < $1.value.lastSeen }) {
                sessions[oldest.key] = nil
            }
            sessions[session.key] = session
        }
        return session
    }

    /// The live session whose key is `key`, marked as seen now; nil when there is none, it idled out, or it was
    /// made under another password than `currentHash` (and then it is forgotten).
    func session(key: String, currentHash: String?, now: ContinuousClock.Instant) -> WebSession? {
        guard RandomToken.isWellFormed(key) else { return nil }
        return sessions.withLock { sessions in
            guard var session = sessions[key] else { return nil }
            guard now - session.lastSeen <= idleLimit, let currentHash, session.passwordHash == currentHash else {
                sessions[key] = nil
                return nil
            }
            session.lastSeen = now
            sessions[key] = session
            return session
        }
    }

    /// Forgets the session (logging out).
    func close(key: String) { _ = sessions.withLock { $0.removeValue(forKey: key) } }

    var count: Int { sessions.withLock { $0.count } }
}
