import Foundation

/// Where the profile is read and saved: what `stayfit profile set` and the web's profile page write through alike.
///
/// `HubStore` conforms; HubTestKit's `InMemoryProfileSource` too.
///
/// ```swift
/// let profile = try ProfileForm(weight: "72").validated(against: try await book.profile(), today: now)
/// try await book.saveProfile(profile, at: now)
/// ```
public protocol ProfileBook: ProfileSource {
    /// The person the hub records for, with or without a profile; nil with nobody yet.
    func currentPerson() async throws -> Person?
    /// Stores `profile` as the current person's, their name included; with nobody yet, it makes the first person.
    ///
    /// - Throws: a ``StoreWriteError`` whose `refusal` says why when the name is another person's, nothing written.
    func saveProfile(_ profile: Profile, at date: Date) async throws
}
