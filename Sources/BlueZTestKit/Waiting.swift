/// Polls `condition` until it holds, failing after `timeout`; the bounded wait tests use instead of sleeps.
///
/// `what` says what is waited for, so that a test that gives up says what never came.
public func eventually(
    _ what: String = "a condition", timeout: Duration = TestDeadline.hang, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw HarnessError("waited \(timeout) for \(what) in vain") }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// The next element of `stream` that satisfies `predicate`, failing after `timeout` or when the stream ends.
public func nextElement<Stream: AsyncSequence & Sendable>(
    of stream: Stream, within timeout: Duration = TestDeadline.hang,
    where predicate: @escaping @Sendable (Stream.Element) -> Bool = { _ in true }
) async throws -> Stream.Element where Stream.Element: Sendable, Stream.Failure == Never {
    try await withThrowingTaskGroup(of: Stream.Element?.self) { group in
        group.addTask {
            for await element in stream where predicate(element) { return element }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw HarnessError("No matching element within \(timeout)")
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let element = first else {
            throw HarnessError("The stream finished without a matching element")
        }
        return element
    }
}

/// Waits until `stream` finishes, failing after `timeout`; returns how many elements it still delivered.
@discardableResult
public func waitForEnd<Stream: AsyncSequence & Sendable>(
    of stream: Stream, within timeout: Duration = TestDeadline.hang
) async throws -> Int where Stream.Failure == Never {
    try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw HarnessError("The stream did not finish within \(timeout)")
        }
        defer { group.cancelAll() }
        guard let count = try await group.next() else { throw HarnessError("No result") }
        return count
    }
}
