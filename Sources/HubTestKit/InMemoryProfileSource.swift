import HubCore
import Synchronization

/// The person's profile, in memory.
public final class InMemoryProfileSource: ProfileSource {
    private let saved: Mutex<Profile?>

    public init(_ profile: Profile? = nil) { saved = Mutex(profile) }

    /// Replaces the profile (publish `StoreChanged(section: .profile)` after).
    public func save(_ profile: Profile?) { saved.withLock { $0 = profile } }

    public func profile() async throws -> Profile? { saved.withLock { $0 } }
}
