import BlueZTestKit
import Foundation
import HubCore
import HubStore
import Logging

/// A temporary directory removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` in the directory and returns its path.
    public func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension PluginContext {
    /// A context for unit tests: a fresh bus, a store in a temporary directory, a quiet logger and `clock`.
    ///
    /// Keep the returned directory alive as long as the store is used.
    /// - Parameter busyTimeout: how long the store's writes wait for another connection's write lock.
    public static func test(
        clock: any HubClock = ManualClock(), bus: MessageBus = MessageBus(), busyTimeout: Duration = .seconds(5)
    ) throws -> (PluginContext, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let store = try HubStore(directory: directory.url, busyTimeout: busyTimeout)
        return (PluginContext(bus: bus, storage: store, logger: logger, clock: clock), directory)
    }

    /// A context for unit tests whose storage is `storage`, say an `InMemoryReminderBook`: a fresh bus, a quiet
    /// logger and `clock`, and no file.
    public static func test(
        storage: any Sendable, clock: any HubClock = ManualClock(), bus: MessageBus = MessageBus()
    ) -> PluginContext {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return PluginContext(bus: bus, storage: storage, logger: logger, clock: clock)
    }

    /// The real store of a context made by `test()`, for a test that sets up what a plugin reads or checks what it
    /// wrote.
    public var hubStore: HubStore {
        guard let store = storage as? HubStore else {
            preconditionFailure("the context's storage is \(type(of: storage)), not a HubStore: make it with test()")
        }
        return store
    }
}

extension AsyncSequence where Self: Sendable, Element: Sendable, Failure == Never {
    /// The next element, or a thrown `TestKitError` after `timeout` of real time.
    ///
    /// The default limit is generous on purpose: it only ends a test that would otherwise hang, and a loaded
    /// 2-core CI machine can hold a test's tasks back for seconds. Nothing asserts on how fast anything was.
    public func next(within timeout: Duration = TestDeadline.hang) async throws -> Element {
        try await withThrowingTaskGroup(of: Element?.self) { group in
            group.addTask {
                var iterator = self.makeAsyncIterator()
                return try await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let element = first else {
                throw TestKitError("no \(Element.self) within \(timeout)")
            }
            return element
        }
    }
}
