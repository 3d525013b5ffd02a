import Foundation
import HubCore
import HubTestKit
import Logging

@testable import Buttons

/// A ``ButtonWatcher`` running on a manual clock over a folder of the test's own, with what it reports in a stream.
struct WatcherHarness {
    let directory: TemporaryDirectory
    let clock = ManualClock()
    let events: AsyncStream<ButtonEvent>
    let continuation: AsyncStream<ButtonEvent>.Continuation
    let finder: DeviceFinder

    init() throws {
        directory = try TemporaryDirectory()
        (events, continuation) = AsyncStream.makeStream(of: ButtonEvent.self)
        let dev = directory.url.appendingPathComponent("dev").path
        let sys = directory.url.appendingPathComponent("sys").path
        try FileManager.default.createDirectory(atPath: dev, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sys, withIntermediateDirectories: true)
        finder = DeviceFinder(deviceDirectory: dev, sysfsDirectory: sys)
    }

    func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    /// A configuration read from TOML, as the hub reads it.
    static func configuration(_ text: String) throws -> ButtonsPlugin.Configuration {
        let table = try HubConfiguration(text: "[plugins.buttons]\n" + text, file: "test.toml").pluginTables["buttons"]
        guard let table else { throw TestKitError("no [plugins.buttons] table") }
        return try ButtonsPlugin.Configuration(table)
    }

    /// Runs the watcher while `body` runs.
    func run(_ configuration: ButtonsPlugin.Configuration, _ body: () async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let watcher = ButtonWatcher(configuration: configuration, clock: clock, logger: logger, finder: finder)
        let continuation = continuation
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await watcher.run { continuation.yield($0) } }
            defer { group.cancelAll() }
            try await body()
        }
    }

    /// Writes, then waits until the watcher has taken what was written and started a timer for it (a long press or a
    /// double-press window). Timers it no longer needs stay asleep until their time, so this counts new ones.
    func afterTimerStarts(_ write: () throws -> Void) async throws {
        let before = clock.sleeperCount
        try write()
        try await clock.waitForSleepers(before + 1)
    }

    /// The next press, skipping device events.
    func nextPress() async throws -> RecognisedPress {
        while true {
            if case .press(let press) = try await events.next() { return press }
        }
    }

    /// The next event that is not a press.
    func nextDeviceEvent() async throws -> ButtonEvent {
        while true {
            let event = try await events.next()
            if case .press = event { continue }
            return event
        }
    }
}
