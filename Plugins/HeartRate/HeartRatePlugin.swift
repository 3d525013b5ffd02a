import BluetoothSensors
import DBus
import Foundation
import HubCore
import ServiceLifecycle

/// Reads a Bluetooth LE heart-rate strap through BlueZ and publishes `HeartRateMeasured` for every notification.
///
/// It connects to the configured strap (or the first one advertising the Heart Rate service), subscribes to
/// Heart Rate Measurement (0x2A37) and keeps the link: when the strap or bluetoothd goes away it publishes
/// `SensorStatusChanged(.lost)` and reconnects with a backoff of 1, 2, 4 … 30 s; when no reading arrives for
/// `stale-after-seconds` it publishes `.lost` once, and `.restored` when data returns. Payloads without a sound heart
/// rate are dropped and counted, never published; partly broken ones keep their heart rate and are counted too, and
/// so are BlueZ signals lost because the plugin fell behind a flood of them.
public struct HeartRatePlugin: Plugin {
    public static let id: PluginID = "heart-rate"
    /// A strap beats in real time: its timeouts and reconnect backoff would shrink with a sped-up clock.
    public static let capabilities: PluginCapabilities = [.needsRealTime]

    /// The longest wait between reconnect attempts.
    static let maximumBackoff: Duration = .seconds(30)

    let configuration: Configuration
    let context: PluginContext
    private let busAddress: DBusAddress?
    /// Counts and link state, shared by the session's tasks, the D-Bus thread (lost signals) and tests.
    let state = HeartRateLinkState()
    /// The strap's part of "status now", published with every reading and change of the link.
    let statusPart = HeartRateStatus()
    /// Whether a connecting person's strap chooses them: what the plugin heard of the workout, whom it greeted.
    let greeting = StrapOwnerGreeting()
    /// The waiting strap that takes over when a workout ends (see `watchWaitingStraps`).
    let handOver = StrapHandOver()
    private let signalBuffer: Int

    /// Wires the plugin to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set, read when `run()` starts).
    public init(configuration: Configuration, context: PluginContext) {
        self.init(configuration: configuration, context: context, busAddress: nil)
    }

    /// Wires the plugin to the bus at `busAddress` (nil = the system bus); tests point it at a private bus.
    ///
    /// Does no I/O.
    public init(configuration: Configuration, context: PluginContext, busAddress: DBusAddress?) {
        self.init(
            configuration: configuration, context: context, busAddress: busAddress,
            signalBuffer: Self.defaultSignalBuffer)
    }

    /// As above, with room for `signalBuffer` signals between the D-Bus thread and the plugin (tests make it small).
    init(configuration: Configuration, context: PluginContext, busAddress: DBusAddress?, signalBuffer: Int) {
        self.configuration = configuration
        self.context = context
        self.busAddress = busAddress
        self.signalBuffer = max(signalBuffer, 1)
    }

    /// How many notification payloads were dropped because they gave no sound heart rate (an implausible one
    /// included).
    public var malformedPayloadCount: Int { state.malformedPayloads }

    /// How many notification payloads reached the plugin, sound or not.
    public var receivedPayloadCount: Int { state.receivedPayloads }

    /// How many RR intervals were left out of published readings because they were no beat (outside
    /// `HeartRateMeasured.plausibleRRIntervalMilliseconds`).
    public var implausibleRRIntervalCount: Int { state.implausibleRRIntervals }

    /// How many payloads were published without their damaged later fields (a stray byte, a cut-off field).
    public var partlyBrokenPayloadCount: Int { state.partlyBrokenPayloads }

    /// How many notifications (on the StartNotify path) were lost because the plugin read BlueZ's signals more
    /// slowly than they came and its buffer of them (``defaultSignalBuffer`` signals) overflowed.
    public var lostNotificationCount: Int { state.lostNotifications }

    /// How many other BlueZ signals (link, battery, adapter, discovery) were lost the same way.
    public var lostOtherSignalCount: Int { state.lostOtherSignals }

    /// Signals buffered between the D-Bus thread and the plugin: 4 s of a 2 kHz flood, so that a few seconds of busy
    /// cooperative threads lose nothing. Only a backlog takes memory: about 0.6 kB a signal, 5 MB when full.
    static let defaultSignalBuffer = 8192

    /// Follows the chosen strap: connects, publishes readings, and reconnects with backoff until cancelled or shut
    /// down; starts over at once with another strap when `stayfit devices` changes the choice.
    public func run() async throws {
        let address = busAddress ?? .system
        // All the plugin asks of the store: which strap to follow.
        let devices = try context.store((any DeviceMemory).self)
        // Made for this run, so that a restarted plugin hears the workouts again.
        let workouts = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "\(Self.id) workout state")
        let commands = context.bus.inbox(of: StrapCommand.self, subscriber: "\(Self.id) commands")
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { workoutWatch in
                workoutWatch.addTask { [greeting] in
                    for await change in workouts { greeting.workoutChanged(to: change.state) }
                }
                workoutWatch.addTask { await answerCommands(commands, address: address) }
                while !Task.isCancelled {
                    // Subscribe before reading the choice, so that a change made in between is not missed.
                    let changes = context.bus.inbox(of: StoreChanged.self, subscriber: "\(Self.id) strap choice")
                    let choice = await currentChoice(in: devices)
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { await follow(choice, address: address) }
                        group.addTask { await waitForAnotherChoice(than: choice, in: changes, devices: devices) }
                        await group.next()
                        group.cancelAll()
                    }
                    state.startOver()
                }
                workoutWatch.cancelAll()
            }
        }
        // What this run of the plugin read, for the log and for the benchmarks that compare it with what was sent.
        context.logger.info(
            "heart-rate notifications",
            metadata: [
                "notifications-received": "\(state.receivedPayloads)", "malformed": "\(state.malformedPayloads)",
                "partly-broken": "\(state.partlyBrokenPayloads)", "signals-lost": "\(state.lostNotifications)",
            ])
    }

    /// The strap to follow now; the configured one when the store cannot be read.
    private func currentChoice(in devices: any DeviceMemory) async -> StrapChoice {
        do {
            // A store without people (a test's, an old one) has no people's straps to follow.
            let ofPeople = try await (try? context.store((any StrapOwners).self))?.strapsOfPeople() ?? []
            return StrapChoice(
                remembered: try await devices.rememberedDevice(.heartRate), configured: configuration.device,
                ofPeople: ofPeople)
        } catch {
            context.logger.warning("cannot read the remembered strap", metadata: ["error": "\(error)"])
            return StrapChoice(remembered: nil, configured: configuration.device)
        }
    }

    /// Returns when the remembered strap changes to something other than `choice` (or on cancellation).
    private func waitForAnotherChoice(
        than choice: StrapChoice, in changes: Inbox<StoreChanged>, devices: any DeviceMemory
    ) async {
        for await change in changes where change.section == .devices {
            let now = await currentChoice(in: devices)
            if now != choice {
                context.logger.info(
                    "the strap choice changed", metadata: ["from": "\(choice.label)", "to": "\(now.label)"])
                return
            }
        }
    }

    /// Keeps `choice` connected until cancelled: a session, then (when it ends) "lost" and a backoff, again.
    private func follow(_ choice: StrapChoice, address: DBusAddress) async {
        if case .off(let device) = choice {
            // Release it now, so a reconnect that raced the switch does not keep it connected.
            _ = try? await StrapManager(adapter: configuration.adapter, busAddress: address).disconnect(
                address: device.address)
            publish(
                SensorStatusChanged(
                    sensor: .heartRate, status: .disconnected, device: choice.label,
                    detail:
                        "switched off with 'stayfit devices disconnect'; 'stayfit devices connect \(device.address)' switches it on"
                ))
            while !Task.isCancelled { try? await context.clock.sleep(for: .seconds(3600)) }
            return
        }
        var failures = 0
        var device = choice.label
        while !Task.isCancelled {
            let reason: String
            do {
                reason = try await runSession(choice, address: address, handedOverTo: handOver.take()) { connected in
                    failures = 0
                    device = connected
                }
            } catch  where Self.isCancellation(error) {
                return
            } catch {
                reason = "\(error)"
            }
            if Task.isCancelled { return }
            if handOver.isPending {
                // Not a loss: the strap that waited for the workout to end is connected at once, as a new link.
                context.logger.info("handing over to the strap that waited", metadata: ["from": "\(device)"])
                state.startOver()
                failures = 0
                continue
            }
            context.logger.warning(
                "heart-rate strap unavailable",
                metadata: [
                    "reason": "\(reason)", "malformed payloads dropped so far": "\(state.malformedPayloads)",
                    "partly broken payloads so far": "\(state.partlyBrokenPayloads)",
                    "implausible RR intervals left out so far": "\(state.implausibleRRIntervals)",
                    "notifications lost in the D-Bus buffer so far": "\(state.lostNotifications)",
                    "other BlueZ signals lost so far": "\(state.lostOtherSignals)",
                ])
            if state.markLost() {
                publish(
                    SensorStatusChanged(sensor: .heartRate, status: .lost, device: device, detail: reason))
            }
            let backoff = Self.backoff(afterFailures: failures)
            failures += 1
            context.logger.debug("reconnecting", metadata: ["in": "\(backoff)"])
            do {
                try await context.clock.sleep(for: backoff)
            } catch {
                return  // cancelled or shut down while waiting: a normal end, not a failure
            }
        }
    }

    /// How long one search for the strap may take before the attempt counts as failed; bounded, so that a
    /// discovery BlueZ dropped (adapter switched off, bluetoothd restarted) is started afresh.
    static let discoveryTimeout: Duration = .seconds(60)

    /// How long Connect, service resolution and subscribing may take together before the attempt counts as failed.
    static let connectTimeout: Duration = .seconds(30)

    /// `operation`'s result, or a failure saying `what` did not happen within `timeout` of hub time, so that a
    /// strap that never shows up or never resolves its services cannot stall the plugin.
    private func within<T: Sendable>(
        _ timeout: Duration, _ what: String, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let clock = context.clock
        return try await race(operation, against: { try await clock.sleep(for: timeout) }) {
            BlueZHeartRateSession.Failure(
                description: "\(what) within \(Format.counted(Int(timeout.components.seconds), "second"))")
        }
    }

    /// 1 s, 2 s, 4 s … capped at 30 s.
    static func backoff(afterFailures failures: Int) -> Duration { BlueZSession.backoff(afterFailures: failures) }

    /// Whether `error` is this task's cancellation (not, say, a stream that ended because the bus went away).
    private static func isCancellation(_ error: any Error) -> Bool {
        Task.isCancelled && (error is CancellationError || (error as? DBusError)?.name == DBusError.Name.cancelled)
    }

    // MARK: - One session

    /// One connect-and-read cycle; returns why the link ended, or throws when it could not be set up.
    ///
    /// `onConnected` gets the device's description ("Polar H10 1234 (C0:FF:EE:00:00:01)") once it is subscribed;
    /// `preferred` is the strap to connect first when BlueZ knows it (one that waited for a workout to end).
    private func runSession(
        _ choice: StrapChoice, address: DBusAddress, handedOverTo preferred: String?, onConnected: (String) -> Void
    ) async throws -> String {
        // With several people's straps, the workouts decide when another may take over: subscribed before the strap
        // connects, so that a workout starting right after is heard.
        let workouts =
            (choice.addresses?.count ?? 0) > 1
            ? context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "\(Self.id) waiting straps") : nil
        let session = try await BlueZHeartRateSession.open(
            address: address, adapter: configuration.adapter, devices: choice.addresses, logger: context.logger)
        let connection = session.connection
        defer { connection.close() }
        let owners = try await connection.nameOwnerChanges(of: BlueZNames.service)
        let buffer = signalBuffer
        let signals = connection.signals(bufferingPolicy: .bufferingNewest(buffer)) { [state, context] lost in
            // On the D-Bus thread: count, and say so once per connection rather than once per signal of a flood.
            if state.countLostSignal(notification: Self.notifiedValue(lost) != nil) {
                context.logger.warning(
                    "heart-rate plugin fell behind BlueZ's signals: the oldest are dropped and counted",
                    metadata: ["buffer": "\(Format.counted(buffer, "signal"))"])
            }
        }
        publish(SensorStatusChanged(sensor: .heartRate, status: .connecting, device: choice.label))
        let sought = choice.addresses.map { "strap \($0.joined(separator: " or "))" } ?? "heart-rate strap"
        let devicePath = try await within(Self.discoveryTimeout, "no \(sought) was found") {
            try await session.findDevice(signals: signals, preferring: preferred)
        }
        let link = try await within(Self.connectTimeout, "the strap did not connect and resolve its services") {
            try await session.connect(devicePath: devicePath, signals: signals)
        }
        try await session.narrowSignals(to: link)
        onConnected(link.description)
        let wasConnected = state.connected(at: context.clock.instant)
        publish(
            SensorStatusChanged(
                sensor: .heartRate, status: wasConnected ? .restored : .connected, device: link.description,
                batteryPercent: link.batteryPercent, detail: link.wornOn.map { "worn on the \($0)" }))
        context.logger.info("heart-rate strap connected", metadata: ["device": "\(link.address)"])
        if let battery = link.batteryPercent { announceIfLow(battery) }
        // A hand-over comes when a workout ended: whatever this plugin has heard of the workouts yet.
        await chooseOwner(of: link.address, restored: wasConnected, afterWorkout: preferred != nil)
        defer { link.socket?.stop() }
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await readSignals(signals, link: link) }
            if let socket = link.socket {
                // The socket ends when BlueZ hangs up (disconnect or reconnect): then acquire it again.
                // Each payload is decoded and published on the socket's own thread: one wake-up a notification.
                socket.deliver { payload in handle(payload: payload, from: link) }
                group.addTask {
                    await socket.ended()
                    return "BlueZ closed the notification socket"
                }
            }
            group.addTask {
                for await change in owners { return change.isOwned ? "bluetoothd restarted" : "bluetoothd stopped" }
                return "bluetoothd stopped"
            }
            if let workouts {
                group.addTask {
                    try await watchWaitingStraps(link: link, session: session, workouts: workouts, busAddress: address)
                }
            }
            // On the clock's timer thread: its few looks a minute cost no hop through the pool.
            group.addTask(executorPreference: context.clock.timerExecutor) {
                try await watchForStaleData(link: link)
                return "stopped watching for data"
            }
            defer { group.cancelAll() }
            return try await group.next() ?? "the link ended"
        }
    }

    /// Handles BlueZ's signals for the link; returns why the link ended (device gone, disconnected, adapter off).
    private func readSignals(_ signals: AsyncStream<DBusSignal>, link: BlueZHeartRateSession.Link) async throws
        -> String
    {
        for await signal in signals {
            // A notification first, with no more work than it needs: in a flood every microsecond here counts.
            if signal.path == link.characteristicPath {
                if let payload = Self.notifiedValue(signal) { handle(payload: payload, from: link) }
                continue
            }
            if signal.member == "InterfacesRemoved", signal.arguments.first?.objectPath == link.devicePath,
                signal.arguments.dropFirst().first?.strings?.contains(BlueZNames.device) == true
            {
                return "BlueZ removed the strap"
            }
            guard signal.member == "PropertiesChanged", let interface = signal.arguments.first?.string,
                let changed = signal.arguments.dropFirst().first?.dictionary
            else { continue }
            switch (signal.path, interface) {
            case (link.devicePath, BlueZNames.device):
                if changed["Connected"]?.bool == false { return "the strap disconnected" }
            case (link.devicePath, BlueZNames.battery):
                if let percent = changed["Percentage"]?.byte, percent <= 100 {
                    publish(
                        SensorStatusChanged(
                            sensor: .heartRate, status: .battery, device: link.description, batteryPercent: Int(percent)
                        ))
                    announceIfLow(Int(percent))
                }
            case (link.adapterPath, BlueZNames.adapter):
                if changed["Powered"]?.bool == false {
                    return "the Bluetooth adapter \(configuration.adapter) was switched off"
                }
            default:
                continue
            }
        }
        try Task.checkCancellation()
        return "the connection to the system bus ended"
    }

    /// Asks the people plugin to choose the person the connected strap belongs to, if anybody, unless a workout is
    /// under way (see `StrapOwnerGreeting`); it says hello.
    private func chooseOwner(of strap: String, restored: Bool, afterWorkout: Bool) async {
        // A store without people (a test's, an old one) has no owners to ask about.
        guard let owners = try? context.store((any StrapOwners).self) else { return }
        do {
            guard let owner = try await owners.strapOwner(address: strap),
                greeting.shouldGreet(owner, restored: restored, afterWorkout: afterWorkout)
            else { return }
            context.logger.info("a person's strap connected", metadata: ["person": "\(owner)", "device": "\(strap)"])
            context.bus.publish(ChoosePerson(.named(owner)))
        } catch {
            context.logger.warning("cannot read whose the strap is", metadata: ["error": "\(error)"])
        }
    }

    /// Announces a low strap battery, once per 10 points down (see `HeartRateLinkState`).
    private func announceIfLow(_ percent: Int) {
        guard state.shouldAnnounceLowBattery(percent, threshold: configuration.lowBatteryPercent) else { return }
        context.bus.publish(Announcement("Heart-rate strap battery low: \(percent)%.", priority: .important))
    }

    /// Publishes `.lost` once when no reading arrives for `stale-after-seconds`.
    private func watchForStaleData(link: BlueZHeartRateSession.Link) async throws {
        let clock = context.clock, interval = configuration.staleAfter
        while !Task.isCancelled {
            guard let deadline = state.staleDeadline(after: interval) else {
                // Already announced: look again after another interval for data to have restarted the watch.
                try await clock.sleep(for: interval)
                continue
            }
            // Up to a second late, so that it wakes with the workout's second rather than on its own.
            try await clock.sleep(until: deadline, tolerance: .seconds(1))
            if state.markLostIfStale(at: clock.instant, after: interval) {
                publish(
                    SensorStatusChanged(
                        sensor: .heartRate, status: .lost, device: link.description,
                        detail: "no data for \(Format.counted(Int(interval.components.seconds), "second"))"))
            }
        }
    }
}
