import BluetoothSensors
import DBus
import Foundation
import GATTSensors
import HubCore
import ServiceLifecycle

/// Reads Bluetooth LE fitness sensors through BlueZ — speed and cadence sensors, power meters, running pods and
/// fitness machines (smart trainers, treadmills, rowers, cross trainers) — and publishes what they measure.
///
/// One plugin, one link per sensor: a strap, a speed and cadence sensor and a power meter on the same ride are the
/// heart-rate plugin and two links here. Each link connects, subscribes to its sensor's measurements, decodes each
/// payload with `GATTSensors` and publishes `SpeedMeasured`, `CadenceMeasured`, `PowerMeasured` and
/// `MachineMeasured`; a payload that decodes to nothing sound is dropped and counted. When a sensor goes away the
/// link publishes `SensorStatusChanged(.lost)` and reconnects with a backoff of 1, 2, 4 … 30 s, with fresh counters:
/// no value from before the loss is published again. A machine's status (stopped or started on its own console)
/// pauses or resumes a running workout; `MachineTarget` goes to its control point and the answer is announced.
public struct FitnessSensorsPlugin: Plugin {
    public static let id: PluginID = "fitness-sensors"
    /// Sensors send in real time: timeouts and backoff would shrink with a sped-up clock.
    public static let capabilities: PluginCapabilities = [.needsRealTime]

    let configuration: Configuration
    let context: PluginContext
    private let busAddress: DBusAddress?
    let counts = SensorCounts()
    let statusPart = FitnessSensorsStatus()
    /// The connected machines' control points and where the workout stands (for a machine's own buttons).
    let shared = SharedState()

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

    /// Notification payloads that reached the plugin, sound or not.
    public var receivedPayloadCount: Int { counts.received }

    /// Payloads dropped because they gave nothing sound (malformed, implausible, a distance going backwards).
    public var droppedPayloadCount: Int { counts.dropped }

    /// How late a notification may be handled so that those of a sensor notifying several times a second are
    /// read together (`GatheringPause`): the workout records a second at a time, and a wake-up of the hub for each
    /// of a speed sensor's and a power meter's four notifications a second was most of a ride's CPU.
    static let gatherNotificationsFor: Duration = .seconds(1)

    /// Signals buffered between the D-Bus thread and a link.
    static let signalBuffer = 8192

    /// How long one search for a sensor BlueZ does not know may take before the attempt counts as failed.
    static let discoveryTimeout: Duration = .seconds(60)

    /// How long Connect, service resolution and subscribing may take together.
    static let connectTimeout: Duration = .seconds(30)

    /// How often the plugin looks again for known sensors when it has none to follow.
    static let lookAgainAfter: Duration = .seconds(30)

    /// Follows the chosen sensors, each on its own link, and applies machine targets, until cancelled or shut down;
    /// starts over when `stayfit devices` changes the remembered sensors.
    public func run() async throws {
        let address = busAddress ?? .system
        let devices = try context.store((any DeviceMemory).self)
        // Targets and the workout's starts and stops share one inbox: the control point answers one request at a time.
        let requests = context.bus.inbox(of: ControlRequest.self, subscriber: "\(Self.id) control point") {
            $0.route(MachineTarget.self) { .target($0) }
            $0.route(WorkoutStateChanged.self) { .workout($0) }
        }
        shared.whenAMachineJoins { requests.post(.workout($0)) }
        let states = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "\(Self.id) workout")
        let commands = context.bus.inbox(of: FitnessSensorCommand.self, subscriber: "\(Self.id) commands")
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await change in states { shared.workoutChanged(change) }
                }
                group.addTask { await sendInOrder(requests) }
                group.addTask { await followChosenSensors(devices: devices, address: address) }
                group.addTask { await answerCommands(commands, address: address) }
                await group.next()
                group.cancelAll()
            }
        }
        context.logger.info(
            "fitness sensor notifications",
            metadata: [
                "notifications-received": "\(counts.received)", "dropped": "\(counts.dropped)",
                "signals-lost": "\(counts.lostSignals)",
            ])
    }

    // MARK: - Which sensors

    private func followChosenSensors(devices: any DeviceMemory, address: DBusAddress) async {
        while !Task.isCancelled {
            // Subscribe before reading the choice, so that a change made in between is not missed.
            let changes = context.bus.inbox(of: StoreChanged.self, subscriber: "\(Self.id) sensor choice")
            let chosen = await chooseSensors(devices: devices, address: address)
            if !chosen.isEmpty { context.logger.info("following fitness sensors", metadata: ["sensors": "\(chosen)"]) }
            await withTaskGroup(of: Void.self) { group in
                for sensor in chosen { group.addTask { await follow(sensor, address: address) } }
                group.addTask {
                    for await change in changes where change.section == .devices {
                        if await chooseSensors(devices: devices, address: address) != chosen { return }
                    }
                }
                if chosen.isEmpty {
                    group.addTask { try? await context.clock.sleep(for: Self.lookAgainAfter) }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// The addresses to follow: the configured and remembered sensors; with none, every sensor of these kinds BlueZ
    /// knows on the adapter.
    func chooseSensors(devices: any DeviceMemory, address: DBusAddress) async -> [String] {
        var chosen = Set(configuration.devices)
        for kind in SensorKind.allCases {
            do {
                if let device = try await devices.rememberedDevice(kind.role), device.connectAutomatically {
                    chosen.insert(device.address)
                }
            } catch {
                context.logger.warning("cannot read the remembered sensors", metadata: ["error": "\(error)"])
            }
        }
        if chosen.isEmpty { chosen = Set(await knownSensors(address: address)) }
        return chosen.sorted()
    }

    /// The sensors of these kinds BlueZ knows on the adapter (from earlier scans and pairings).
    private func knownSensors(address: DBusAddress) async -> [String] {
        guard let session = try? await BlueZSession.open(address: address, adapter: configuration.adapter) else {
            return []
        }
        defer { session.connection.close() }
        guard let objects = try? await session.checkedObjects() else { return [] }
        return objects.compactMap { path, interfaces in
            guard path.hasPrefix(session.adapterPath + "/"), let device = interfaces[BlueZNames.device],
                SensorKind(offering: device["UUIDs"]?.strings ?? []) != nil
            else { return nil }
            return device["Address"]?.string?.uppercased()
        }
    }

    // MARK: - One sensor

    /// What a link knows of its sensor once connected.
    struct ConnectedSensor: Sendable {
        var address: String
        var name: String
        var gatt: SensorGattObjects
        var batteryPercent: Int?
        /// A machine's Fitness Machine Feature, when it has one that could be read.
        var feature: FitnessMachineFeature?

        /// "Wahoo SPEED 1234 (C0:FF:EE:00:00:02)": the `source` of its readings and the `device` of its statuses.
        var description: String { name == address ? address : "\(name) (\(address))" }
        var sensor: SensorStatusChanged.Sensor { gatt.kind.sensor }
        /// "Smart trainer", "Power meter" …
        var words: String { gatt.machineType?.words ?? gatt.kind.words }
        /// "Smart trainer; measures cadence and power; takes power targets": the words and, for a machine that
        /// says, what it measures and takes.
        var detail: String { feature.map { "\(words); \($0.summary)" } ?? words }
    }

    /// Keeps the sensor at `sensorAddress` connected until cancelled: a session, then (when it ends) "lost" and a
    /// backoff, again.
    private func follow(_ sensorAddress: String, address: DBusAddress) async {
        let link = SensorLinkState()
        var failures = 0
        var device = sensorAddress
        var sensor = SensorStatusChanged.Sensor.fitnessSensor
        while !Task.isCancelled {
            let reason: String
            do {
                reason = try await runSession(sensorAddress, link: link, address: address) { connected in
                    failures = 0
                    device = connected.description
                    sensor = connected.sensor
                }
            } catch  where Self.isCancellation(error) {
                return
            } catch {
                reason = "\(error)"
            }
            if Task.isCancelled { return }
            context.logger.warning(
                "fitness sensor unavailable",
                metadata: [
                    "sensor": "\(device)", "reason": "\(reason)", "payloads dropped so far": "\(counts.dropped)",
                ])
            if link.markLost() {
                publish(SensorStatusChanged(sensor: sensor, status: .lost, device: device, detail: reason))
            }
            let backoff = BlueZSession.backoff(afterFailures: failures)
            failures += 1
            do {
                try await context.clock.sleep(for: backoff)
            } catch {
                return  // cancelled or shut down while waiting: a normal end
            }
        }
    }

    /// `operation`'s result, or a failure saying `what` did not happen within `timeout` of hub time.
    private func within<T: Sendable>(
        _ timeout: Duration, _ what: String, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let clock = context.clock
        return try await race(operation, against: { try await clock.sleep(for: timeout) }) {
            BlueZSession.Failure(
                description: "\(what) within \(Format.counted(Int(timeout.components.seconds), "second"))")
        }
    }

    /// Whether `error` is this task's cancellation (not, say, a stream that ended because the bus went away).
    private static func isCancellation(_ error: any Error) -> Bool {
        Task.isCancelled && (error is CancellationError || (error as? DBusError)?.name == DBusError.Name.cancelled)
    }

    /// One connect-and-read cycle; returns why the link ended, or throws when it could not be set up.
    private func runSession(
        _ sensorAddress: String, link: SensorLinkState, address: DBusAddress,
        onConnected: (ConnectedSensor) -> Void
    ) async throws -> String {
        let session = try await BlueZSession.open(
            address: address, adapter: configuration.adapter, logger: context.logger)
        let connection = session.connection
        defer { connection.close() }
        let owners = try await connection.nameOwnerChanges(of: BlueZNames.service)
        let signals = connection.signals(bufferingPolicy: .bufferingNewest(Self.signalBuffer)) {
            [counts, context] _ in
            if counts.countLostSignal() {
                context.logger.warning(
                    "fitness-sensors plugin fell behind BlueZ's signals: the oldest are dropped and counted")
            }
        }
        let objects = try await session.checkedObjects()
        let devicePath = BlueZNames.devicePath(adapterPath: session.adapterPath, address: sensorAddress)
        let advertised = SensorKind(offering: objects[devicePath]?[BlueZNames.device]?["UUIDs"]?.strings ?? [])
        publish(
            SensorStatusChanged(
                sensor: advertised?.sensor ?? .fitnessSensor, status: .connecting, device: sensorAddress))
        if objects[devicePath]?[BlueZNames.device] == nil {
            try await within(Self.discoveryTimeout, "the sensor \(sensorAddress) was not found") {
                try await session.startDiscovery(services: SensorKind.services)
                for await signal in signals
                where signal.member == "InterfacesAdded" && signal.arguments.first?.objectPath == devicePath {
                    try? await session.stopDiscovery()
                    return
                }
                throw BlueZSession.busEnded()
            }
        }
        let device = try await within(Self.connectTimeout, "the sensor did not connect and resolve its services") {
            try await session.connectDevice(devicePath: devicePath, signals: signals, noun: "sensor")
        }
        let connectedObjects = try await connection.managedObjects(destination: BlueZNames.service)
        let gatt = try SensorGattObjects(in: connectedObjects, devicePath: devicePath)
        try await session.narrowSignals(devicePath: devicePath)
        let name = device["Alias"]?.string ?? device["Name"]?.string ?? sensorAddress
        let tree = GattObjectTree(connectedObjects, devicePath: devicePath)
        let sensor = ConnectedSensor(
            address: sensorAddress, name: name, gatt: gatt,
            batteryPercent: await session.batteryPercent(mirrored: tree.mirroredBattery, level: gatt.batteryLevel),
            feature: await readFeature(gatt.feature, with: session, of: sensorAddress))
        // Fresh counters for every connection: nothing from before a loss is published again.
        let decoder = DecoderBox(
            SensorDecoder(wheelCircumferenceMillimeters: configuration.wheelCircumferenceMillimeters))
        let channel: ControlPointChannel?
        if let controlPoint = gatt.controlPoint {
            channel = ControlPointChannel(
                path: controlPoint, session: session, machineType: gatt.machineType, feature: sensor.feature,
                ranges: await ControlPointChannel.readRanges(gatt.supportedRanges, with: session))
        } else {
            channel = nil
        }
        var sockets: [NotifySocketReader] = []
        defer { for socket in sockets { socket.stop() } }
        var byPath: [String: GATTCharacteristic] = [:]
        for (path, characteristic) in gatt.subscriptions {
            byPath[path] = characteristic
            if let socket = try await session.subscribe(characteristic: path, gatherFor: Self.gatherNotificationsFor) {
                sockets.append(socket)
                socket.deliver { payload in
                    handle(payload, of: characteristic, from: sensor, decoder: decoder, link: link, channel: channel)
                }
            }
        }
        if let controlPoint = gatt.controlPoint {
            // Indications: BlueZ hands them out as PropertiesChanged, not on a socket.
            byPath[controlPoint] = .fitnessMachineControlPoint
            _ = try await session.subscribe(characteristic: controlPoint, acquire: false)
        }
        // The control point takes targets before the machine is said to be connected: a workout started on that word
        // (a program's first target with it) must not find no machine to send to.
        if let channel {
            shared.setControlPoint(channel, for: sensorAddress)
            shared.machineJoined()
        }
        defer { if channel != nil { shared.setControlPoint(nil, for: sensorAddress) } }
        onConnected(sensor)
        let wasConnected = link.connected(at: context.clock.instant)
        publish(
            SensorStatusChanged(
                sensor: sensor.sensor, status: wasConnected ? .restored : .connected, device: sensor.description,
                batteryPercent: sensor.batteryPercent, detail: sensor.detail))
        if let percent = sensor.batteryPercent { announceIfLow(percent, of: sensor, link: link) }
        context.logger.info(
            "fitness sensor connected",
            metadata: [
                "device": "\(sensor.description)", "kind": "\(sensor.words)",
                "features": "\(sensor.feature?.summary ?? "not said")",
            ])
        let paths = byPath
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                for await signal in signals {
                    if let characteristic = paths[signal.path] {
                        if let payload = BlueZSession.notifiedValue(signal) {
                            handle(
                                payload, of: characteristic, from: sensor, decoder: decoder, link: link,
                                channel: channel)
                        }
                        continue
                    }
                    if signal.path == devicePath, let percent = Self.batteryPercent(in: signal) {
                        publish(
                            SensorStatusChanged(
                                sensor: sensor.sensor, status: .battery, device: sensor.description,
                                batteryPercent: percent))
                        announceIfLow(percent, of: sensor, link: link)
                        continue
                    }
                    if let reason = linkEnded(by: signal, devicePath: devicePath, adapterPath: session.adapterPath) {
                        return reason
                    }
                }
                try Task.checkCancellation()
                return "the connection to the system bus ended"
            }
            for socket in sockets {
                group.addTask {
                    await socket.ended()
                    return "BlueZ closed the notification socket"
                }
            }
            group.addTask {
                for await change in owners { return change.isOwned ? "bluetoothd restarted" : "bluetoothd stopped" }
                return "bluetoothd stopped"
            }
            group.addTask(executorPreference: context.clock.timerExecutor) {
                try await watchForStaleData(link: link, sensor: sensor)
                return "stopped watching for data"
            }
            defer { group.cancelAll() }
            return try await group.next() ?? "the link ended"
        }
    }
}
