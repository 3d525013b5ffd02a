/// `operation`'s result, unless `deadline` returns first: then `operation` is cancelled and `failure()` thrown.
///
/// `deadline` is a sleep on whichever clock applies: the hub's (so tests can advance it) or real time (the CLI).
public func race<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T,
    against deadline: @escaping @Sendable () async throws -> Void,
    failure: @Sendable () -> any Error
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await deadline()
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else { throw failure() }
        return result
    }
}
