import DBus
import Foundation
import HubCore
import ServiceLifecycle

/// Reads a Bluetooth LE heart-rate strap through BlueZ and publishes `HeartRateMeasured` for every notification.
///
/// It connects to the configured strap (or the first one advertising the Heart Rate service), subscribes to
/// Heart Rate Measurement (0x2A37) and keeps the link: when the strap or bluetoothd goes away it publishes
/// `SensorStatusChanged(.lost)` and reconnects with a backoff of 1, 2, 4 … 30 s; when no reading arrives for
/// `stale-after-seconds` it publishes `.lost` once, and `.restored` when data returns. Malformed payloads are
/// dropped and counted, never published.
public struct HeartRatePlugin: Plugin {
    public static let id: PluginID = "heart-rate"

    /// The longest wait between reconnect attempts.
    static let maximumBackoff: Duration = .seconds(30)

    private let configuration: Configuration
    private let context: PluginContext
    private let busAddress: DBusAddress?
    private let state = HeartRateLinkState()

    /// Wires the plugin to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set, read when `run()` starts).
    public init(configuration: Configuration, context: PluginContext) {
        self.init(configuration: configuration, context: context, busAddress: nil)
    }

    /// Wires the plugin to the bus at `busAddress` (nil = the system bus); tests point it at a private bus.
    ///
    /// Does no I/O.
    public init(configuration: Configuration, context: PluginContext, busAddress: DBusAddress?) {
        self.configuration = configuration
        self.context = context
        self.busAddress = busAddress
    }

    /// How many notification payloads were dropped because they did not decode.
    public var malformedPayloadCount: Int { state.malformedPayloads }

    /// Connects, publishes readings, and reconnects with backoff until cancelled or shut down.
    public func run() async throws {
        let address = busAddress ?? .system
        try await cancelWhenGracefulShutdown {
            var failures = 0
            var device = configuration.device ?? "heart-rate strap"
            while !Task.isCancelled {
                do {
                    try await runSession(address: address) { connected in
                        failures = 0
                        device = connected
                    }
                    context.logger.info("heart-rate strap link ended")
                } catch let error where Self.isCancellation(error) {
                    return
                } catch {
                    context.logger.warning("heart-rate strap unavailable", metadata: ["error": "\(error)"])
                }
                if Task.isCancelled { return }
                if state.markLost() {
                    context.bus.publish(
                        SensorStatusChanged(sensor: .heartRate, status: .lost, device: device, detail: "link lost"))
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
    }

    /// How long Connect, service resolution and subscribing may take together before the attempt counts as failed.
    static let connectTimeout: Duration = .seconds(30)

    /// `operation`'s result, or a failure after ``connectTimeout`` of hub time (a strap that never resolves its
    /// services must not stall the plugin).
    private func withinConnectTimeout<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let clock = context.clock
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await clock.sleep(for: Self.connectTimeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw BlueZHeartRateSession.Failure(
                    description: "the strap did not connect and resolve its services within \(Self.connectTimeout)")
            }
            return result
        }
    }

    /// 1 s, 2 s, 4 s … capped at 30 s.
    static func backoff(afterFailures failures: Int) -> Duration {
        min(.seconds(1 << min(failures, 5)), maximumBackoff)
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? DBusError)?.name == DBusError.Name.cancelled
    }

    // MARK: - One session

    /// One connect-and-read cycle; returns or throws when the link is gone.
    ///
    /// `onConnected` gets the device's description ("Polar H10 1234 (C0:FF:EE:00:00:01)") once it is subscribed.
    private func runSession(address: DBusAddress, onConnected: (String) -> Void) async throws {
        let session = try await BlueZHeartRateSession.open(
            address: address, adapter: configuration.adapter, device: configuration.device)
        let connection = session.connection
        defer { connection.close() }
        let owners = try await connection.nameOwnerChanges(of: BlueZNames.service)
        let signals = connection.signals()
        context.bus.publish(
            SensorStatusChanged(sensor: .heartRate, status: .connecting, device: configuration.device ?? "any strap"))
        let devicePath = try await session.findDevice(signals: signals)
        let link = try await withinConnectTimeout { try await session.connect(devicePath: devicePath, signals: signals) }
        onConnected(link.description)
        let wasConnected = state.connected(at: context.clock.now)
        context.bus.publish(
            SensorStatusChanged(sensor: .heartRate, status: wasConnected ? .restored : .connected, device: link.description))
        context.logger.info("heart-rate strap connected", metadata: ["device": "\(link.address)"])
        defer { link.socket?.stop() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await readNotifications(signals, link: link) }
            if let socket = link.socket {
                // The socket ends when BlueZ hangs up (disconnect or reconnect): then acquire it again.
                group.addTask {
                    for await payload in socket.payloads { handle(payload: payload, from: link) }
                    context.logger.info("the notify socket was closed")
                }
            }
            group.addTask {
                for await change in owners {
                    context.logger.info("bluetoothd changed owner", metadata: ["change": "\(change)"])
                    return
                }
            }
            group.addTask { try await watchForStaleData(link: link) }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Publishes each Value change of the characteristic; returns when the device disconnects or disappears.
    private func readNotifications(_ signals: AsyncStream<DBusSignal>, link: BlueZHeartRateSession.Link) async throws {
        for await signal in signals {
            if signal.member == "InterfacesRemoved", signal.arguments.first?.objectPath == link.devicePath {
                return
            }
            guard signal.member == "PropertiesChanged", let changed = signal.arguments.dropFirst().first?.dictionary
            else { continue }
            if signal.path == link.devicePath, changed["Connected"]?.bool == false { return }
            if signal.path == link.characteristicPath, let bytes = changed["Value"]?.bytes {
                handle(payload: bytes, from: link)
            }
        }
        try Task.checkCancellation()
    }

    /// Decodes one payload and publishes it, or drops and counts it.
    func handle(payload: [UInt8], from link: BlueZHeartRateSession.Link) {
        let measurement: HeartRateMeasurement
        do {
            measurement = try HeartRateMeasurement(decoding: payload)
        } catch {
            state.countMalformed()
            context.logger.debug(
                "dropped a malformed heart-rate payload",
                metadata: ["bytes": "\(payload.map { String(format: "%02x", $0) }.joined(separator: " "))", "error": "\(error)"])
            return
        }
        let now = context.clock.now
        if state.received(at: now) {
            context.bus.publish(
                SensorStatusChanged(sensor: .heartRate, status: .restored, device: link.description))
        }
        context.bus.publish(
            HeartRateMeasured(
                beatsPerMinute: measurement.beatsPerMinute,
                rrIntervalsMilliseconds: measurement.rrIntervalsMilliseconds,
                contact: SensorContact(measurement.contact),
                energyExpendedKilojoules: measurement.energyExpendedKilojoules,
                source: link.address, timestamp: now))
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
            try await clock.sleep(until: deadline)
            if state.isStale(at: clock.now, after: interval), state.markLost() {
                context.bus.publish(
                    SensorStatusChanged(
                        sensor: .heartRate, status: .lost, device: link.description,
                        detail: "no data for \(interval.components.seconds) seconds"))
            }
        }
    }
}

extension SensorContact {
    init(_ contact: HeartRateMeasurement.Contact) {
        switch contact {
        case .notSupported: self = .notSupported
        case .noContact: self = .noContact
        case .contact: self = .contact
        }
    }
}
