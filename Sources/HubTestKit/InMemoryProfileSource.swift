import Foundation
import HubCore
import Synchronization

/// The person's profile, in memory; its person is the profile's name, and nobody before a profile is saved.
public final class InMemoryProfileSource: ProfileBook {
    private let saved: Mutex<Profile?>

    public init(_ profile: Profile? = nil) { saved = Mutex(profile) }

    /// Replaces the profile (publish `StoreChanged(section: .profile)` after).
    public func save(_ profile: Profile?) { saved.withLock { $0 = profile } }

    public func profile() async throws -> Profile? { saved.withLock { $0 } }

    public func currentPerson() async throws -> Person? {
        saved.withLock { $0.map { Person(id: 1, name: $0.name, profile: $0, isCurrent: true) } }
    }

    public func saveProfile(_ profile: Profile, at date: Date) async throws { save(profile) }
}
