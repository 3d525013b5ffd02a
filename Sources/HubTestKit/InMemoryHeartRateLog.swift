import Foundation
import HubCore
import Synchronization

/// The all-day heart-rate log's store, in memory: the seconds logged, the deletions asked for, and a profile (whose
/// "HR monitoring" switch turns the log on).
public final class InMemoryHeartRateLog: HeartRateLogBook, ProfileSource {
    private struct State {
        var profile: Profile?
        var seconds: [HeartRateSecond] = []
        var deletedBefore: [Date] = []
    }

    private let state: Mutex<State>

    public init(profile: Profile? = nil) { state = Mutex(State(profile: profile)) }

    /// Every second logged, in the order written.
    public var seconds: [HeartRateSecond] { state.withLock { $0.seconds } }
    /// The dates before which the log was asked to delete, in order.
    public var deletedBefore: [Date] { state.withLock { $0.deletedBefore } }

    public func profile() async throws -> Profile? { state.withLock { $0.profile } }

    public func logHeartRate(_ seconds: [HeartRateSecond]) async throws {
        state.withLock { $0.seconds += seconds }
    }

    /// Forgets the seconds labelled before `date` (`HeartRateSecond.second` counts seconds since 1970).
    public func deleteHeartRate(before date: Date) async throws {
        state.withLock { state in
            state.deletedBefore.append(date)
            let cutoff = Int64(date.timeIntervalSince1970.rounded(.up))
            state.seconds.removeAll { $0.second < cutoff }
        }
    }
}
