import Foundation

/// What the all-day heart-rate log needs of the store: seconds written in batches, and old ones deleted.
///
/// `HubStore` conforms; HubTestKit has an in-memory one.
///
/// ```swift
/// try await book.logHeartRate(pending)
/// try await book.deleteHeartRate(before: now.addingTimeInterval(-retention))
/// ```
public protocol HeartRateLogBook: Sendable {
    /// Adds the seconds, in order.
    func logHeartRate(_ seconds: [HeartRateSecond]) async throws
    /// Deletes every logged second before `date`.
    func deleteHeartRate(before date: Date) async throws
}
