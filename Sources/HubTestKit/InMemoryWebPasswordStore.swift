import HubCore
import Synchronization

/// The web app's password hash, in memory.
public final class InMemoryWebPasswordStore: WebPasswordStore {
    private let hash: Mutex<String?>

    public init(hash: String? = nil) { self.hash = Mutex(hash) }

    public func webPasswordHash() async throws -> String? { hash.withLock { $0 } }

    public func setWebPasswordHash(_ hash: String) async throws { self.hash.withLock { $0 = hash } }
}
