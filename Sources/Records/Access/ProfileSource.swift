/// Where the person's profile (age, weight, heart-rate monitoring) is read.
///
/// `HubStore` conforms; HubTestKit has an in-memory one.
///
/// ```swift
/// let age = try await profiles.profile()?.ageYears(on: clock.now)
/// ```
public protocol ProfileSource: Sendable {
    /// The profile, or nil when none is saved.
    func profile() async throws -> Profile?
}
