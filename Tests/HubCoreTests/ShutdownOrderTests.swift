import BlueZTestKit
import Foundation
import HubTestKit
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import HubCore

/// The order in which the hub stops its services: sensors, then the workout engine, then the front ends.
@Suite(.timeLimit(.minutes(5))) struct ShutdownOrderTests {
    private let registry = PluginRegistry([
        OrderSensorPlugin.self, OrderPresenterPlugin.self, StubbornPlugin.self, SpeakingPresenterPlugin.self,
    ])

    private func hub(
        _ text: String, pluginStopTimeout: Duration = .seconds(2), presenterStopTimeout: Duration = .seconds(20)
    ) throws -> (Hub, TemporaryDirectory) {
        let (context, directory) = try PluginContext.test()
        let hub = try Hub(
            configuration: try HubConfiguration(text: text, file: "stayfit.toml"), registry: registry,
            store: context.hubStore, clock: context.clock, logger: quietLogger, bus: context.bus,
            pluginStopTimeout: pluginStopTimeout, presenterStopTimeout: presenterStopTimeout)
        return (hub, directory)
    }

    @Test func servicesStopFeedersFirstThenTheEngineThenTheWatcherAndThePresentersLast() throws {
        let (hub, directory) = try hub("[plugins.order-presenter]\nrecording = \"a\"\n[plugins.order-sensor]")
        defer { withExtendedLifetime(directory) {} }

        // The group stops its services in the reverse of their start order.
        let stopOrder = hub.services().map(\.serviceName).reversed()
        #expect(
            Array(stopOrder) == [
                "shutdown listener", "watchdog", "service status", "plugin order-sensor", "workout engine",
                "store watcher", "bus loss reporter", "plugin order-presenter",
            ])
    }

    @Test func onShutdownThePresenterStillShowsTheFinishedWorkoutAfterTheSensorsStopped() async throws {
        let recording = UUID().uuidString
        let (hub, directory) = try hub(
            "[plugins.order-presenter]\nrecording = \"\(recording)\"\n[plugins.order-sensor]")
        defer { withExtendedLifetime(directory) {} }
        let states = hub.bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await hub.run() }
            hub.bus.publish(WorkoutCommand(.start))
            #expect(try await states.next(within: TestDeadline.hang).state == .running)
            hub.bus.publish(ShutdownCommand(reason: "test"))
            try await group.waitForAll()
        }

        let seen = Recordings.events(of: recording)
        // Sensor stopped → engine announced and finished → presenter stopped, with nothing lost in between. (The
        // announcement comes first, so that what plugins make of the finished workout follows it.)
        #expect(
            seen.drop { $0 != "sensor disconnected" } == [
                "sensor disconnected", "announcement Workout finished: 0:00, 0 kcal.", "state finished",
                "shutdown",
            ], "seen by the presenter: \(seen)")
    }

    @Test func aPluginThatDoesNotStopWhenAskedIsCancelledAfterTheStopTimeout() async throws {
        let recording = UUID().uuidString
        let (hub, directory) = try hub(
            "[plugins.stubborn]\nrecording = \"\(recording)\"", pluginStopTimeout: .milliseconds(100))
        defer { withExtendedLifetime(directory) {} }
        // Without the timeout the hub would wait for the plugin for ever (and the suite's time limit would end it).
        try await runAndShutDown(hub, once: recording)

        #expect(Recordings.events(of: recording) == ["running", "asked to stop", "cancelled"])
    }

    /// Runs `hub`, asks it to shut down once the plugin recording into `key` runs, and waits until it has.
    private func runAndShutDown(_ hub: Hub, once key: String) async throws {
        let ready = hub.bus.inbox(of: HubReady.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await hub.run() }
            _ = try await ready.next(within: TestDeadline.hang)
            try await Recordings.waitFor("running", in: key)
            hub.bus.publish(ShutdownCommand(reason: "test"))
            try await group.waitForAll()
        }
    }

    /// A presenter still saying the summary when asked to stop has longer than a sensor before it is cancelled.
    @Test func aPresenterGetsItsOwnLongerTimeToFinishWhatItSays() async throws {
        let (speaking, stubborn) = (UUID().uuidString, UUID().uuidString)
        let (hub, directory) = try hub(
            "[plugins.speaking-presenter]\nrecording = \"\(speaking)\"\nuntil-cancelled = \"\(stubborn)\"\n[plugins.stubborn]\nrecording = \"\(stubborn)\"",
            pluginStopTimeout: .milliseconds(100), presenterStopTimeout: .seconds(30))
        defer { withExtendedLifetime(directory) {} }
        try await runAndShutDown(hub, once: stubborn)
        // The presenter speaks until the stubborn sensor has been cancelled: so the sensor was cancelled after its
        // own 0.1 s (had it the presenters' 30 s, both would be cancelled together), and the presenter, still
        // speaking well past the sensors' time, was not. Order, not a clock: a loaded machine only makes it later.
        #expect(Recordings.events(of: speaking) == ["asked to stop", "said everything"])
        #expect(Recordings.events(of: stubborn) == ["running", "asked to stop", "cancelled"])
    }
}

/// What the test plugins saw, by the `recording` key of their configuration.
private enum Recordings {
    private static let events = Mutex<[String: [String]]>([:])

    static func append(_ event: String, to key: String) { events.withLock { $0[key, default: []].append(event) } }
    static func events(of key: String) -> [String] { events.withLock { $0[key] ?? [] } }

    static func waitFor(_ event: String, in key: String) async throws {
        let deadline = ContinuousClock.now + TestDeadline.hang
        while !events(of: key).contains(event) {
            guard ContinuousClock.now < deadline else { throw TestKitError("no \(event) in \(key)") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

private struct RecordingConfiguration: PluginConfiguration {
    var recording: String
    /// For the speaking presenter: the recording whose "cancelled" ends what it says.
    var untilCancelled: String
    init(_ table: ConfigTable) throws {
        recording = try table.string("recording", default: "")
        untilCancelled = try table.string("until-cancelled", default: "")
    }
}

/// A sensor that says goodbye on the bus when it is asked to stop.
private struct OrderSensorPlugin: Plugin {
    typealias Configuration = RecordingConfiguration
    static let id: PluginID = "order-sensor"
    let bus: MessageBus

    init(configuration: Configuration, context: PluginContext) { bus = context.bus }

    func run() async throws {
        try? await gracefulShutdown()
        bus.publish(SensorStatusChanged(sensor: .heartRate, status: .disconnected, device: "test strap"))
    }
}

/// A front end that writes down, in order, what it was shown until it was asked to stop.
private struct OrderPresenterPlugin: Plugin {
    typealias Configuration = RecordingConfiguration
    static let id: PluginID = "order-presenter"
    static let capabilities: PluginCapabilities = [.presentsToPerson]

    private enum Event: Sendable { case line(String), shutdown }

    let recording: String
    private let inbox: Inbox<Event>

    init(configuration: Configuration, context: PluginContext) {
        recording = configuration.recording
        inbox = context.bus.inbox(of: Event.self, subscriber: "presenter") {
            $0.route(SensorStatusChanged.self) { .line("sensor \($0.status)") }
            $0.route(WorkoutStateChanged.self) { .line("state \($0.state)") }
            $0.route(Announcement.self) { .line("announcement \($0.text)") }
        }
    }

    func run() async throws {
        await withGracefulShutdownHandler {
            for await event in inbox {
                switch event {
                case .line(let text): Recordings.append(text, to: recording)
                case .shutdown:
                    Recordings.append("shutdown", to: recording)
                    return
                }
            }
        } onGracefulShutdown: {
            inbox.post(.shutdown)
        }
    }
}

/// A front end that, once asked to stop, goes on speaking until another plugin of the test has been cancelled.
private struct SpeakingPresenterPlugin: Plugin {
    typealias Configuration = RecordingConfiguration
    static let id: PluginID = "speaking-presenter"
    static let capabilities: PluginCapabilities = [.presentsToPerson]
    let recording: String
    let untilCancelled: String

    init(configuration: Configuration, context: PluginContext) {
        recording = configuration.recording
        untilCancelled = configuration.untilCancelled
    }

    func run() async throws {
        try? await gracefulShutdown()
        Recordings.append("asked to stop", to: recording)
        do {
            try await Recordings.waitFor("cancelled", in: untilCancelled)
            Recordings.append("said everything", to: recording)
        } catch {
            Recordings.append("cancelled", to: recording)
        }
    }
}

/// A plugin that notes a request to stop but goes on until cancelled.
private struct StubbornPlugin: Plugin {
    typealias Configuration = RecordingConfiguration
    static let id: PluginID = "stubborn"
    let recording: String

    init(configuration: Configuration, context: PluginContext) { recording = configuration.recording }

    func run() async throws {
        Recordings.append("running", to: recording)
        await withGracefulShutdownHandler {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            Recordings.append("cancelled", to: recording)
        } onGracefulShutdown: {
            Recordings.append("asked to stop", to: recording)
        }
    }
}
