import ArgumentParser
import BluetoothSensors
import FitnessSensors
import Foundation
import HubCore
import Logging
import Records

extension DevicesCommand {
    /// `stayfit devices test ADDRESS`: the fitness sensors plugin itself, following one sensor for a few seconds,
    /// with every figure it decodes printed as it comes: what the hub would see, without running the hub.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a fitness sensor's live values (speed, cadence, power, a machine's figures).",
            discussion: """
                Connects the sensor as the hub would (not while a running hub holds it), decodes what it sends and \
                prints each figure, then disconnects. Pedal, walk or row while it runs: a sensor sends nothing at rest.
                """)
        @OptionGroup var bluetooth: BluetoothOptions
        @Argument(help: ArgumentHelp("The sensor's Bluetooth address, e.g. C0:FF:EE:00:00:02.", valueName: "address"))
        var address: String
        @Option(help: ArgumentHelp("How long to show its values, 1 to 600.", valueName: "seconds"))
        var seconds = 15

        func validate() throws {
            guard BluetoothAddress.normalized(address) != nil else {
                throw ValidationError("\"\(address)\" is not a Bluetooth address. \(BluetoothAddress.hint).")
            }
            guard (1...600).contains(seconds) else {
                throw ValidationError("--seconds must be from 1 to 600 (got \(seconds)).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let address = BluetoothAddress.normalized(address) ?? address
                let adapter = try bluetooth.sensorManager().adapter
                let bus = MessageBus()
                var logger = Logger(label: "stayfit devices test")
                logger.logLevel = .error
                let context = PluginContext(
                    bus: bus, storage: NothingRemembered(), logger: logger, clock: SystemClock(speed: 1))
                let plugin = FitnessSensorsPlugin(
                    configuration: FitnessSensorsPlugin.Configuration(devices: [address], adapter: adapter),
                    context: context)
                let lines = bus.inbox(of: String.self, subscriber: "devices test") {
                    $0.route(SensorStatusChanged.self) { SensorTestLine.text(for: $0) }
                    $0.route(SpeedMeasured.self) { SensorTestLine.text(for: $0) }
                    $0.route(CadenceMeasured.self) { "Cadence \(Format.fixed($0.perMinute, decimals: 0)) a minute" }
                    $0.route(PowerMeasured.self) { SensorTestLine.text(for: $0) }
                    $0.route(MachineMeasured.self) { SensorTestLine.text(for: $0) }
                }
                print("Following \(address) for \(Format.counted(seconds, "second")) …")
                var shown = 0
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { try? await plugin.run() }
                    group.addTask {
                        try? await Task.sleep(for: .seconds(seconds))
                        lines.finish()
                    }
                    for await line in lines {
                        print(Format.timeOfDay(Date()) + " " + line)
                        shown += 1
                    }
                    group.cancelAll()
                }
                print(
                    shown == 0
                        ? "Nothing from \(address). Is it in range and awake, and not held by a running hub?"
                        : "Done.")
            }
        }
    }
}

/// No remembered sensors: `devices test` follows only the address it is given.
private struct NothingRemembered: DeviceMemory {
    func rememberedDevice(_ role: RememberedDevice.Role) async throws -> RememberedDevice? { nil }
}

/// The lines of `stayfit devices test`, one per message.
enum SensorTestLine {
    static func text(for change: SensorStatusChanged) -> String? {
        guard change.status != .connecting else { return nil }
        let detail = change.detail.map { ", \($0)" } ?? ""
        let battery = change.batteryPercent.map { ", battery \($0)%" } ?? ""
        return "\(change.device): \(change.status.rawValue)\(detail)\(battery)"
    }

    static func text(for speed: SpeedMeasured) -> String {
        let fast = speed.speedMetersPerSecond.map { Format.fixed($0 * 3.6, decimals: 1) + " km/h" } ?? "no speed"
        let total = speed.totalDistanceMeters.map { ", " + Format.distance(meters: $0) + " so far" } ?? ""
        return "Speed \(fast)\(total)"
    }

    static func text(for power: PowerMeasured) -> String {
        "Power \(power.watts) W" + (power.leftBalancePercent.map { ", left \(Format.fixed($0, decimals: 0))%" } ?? "")
    }

    static func text(for machine: MachineMeasured) -> String? {
        var parts: [String] = []
        if let incline = machine.inclinePercent { parts.append("incline \(Format.fixed(incline, decimals: 1))%") }
        if let level = machine.resistanceLevel { parts.append("resistance \(Format.fixed(level, decimals: 1))") }
        if let strokes = machine.strokeCount { parts.append(Format.counted(strokes, "stroke")) }
        if let heartRate = machine.heartRate { parts.append("its heart rate \(heartRate)") }
        if let kcal = machine.totalKilocalories { parts.append("its \(kcal) kcal") }
        return parts.isEmpty ? nil : "Machine: " + parts.joined(separator: ", ")
    }
}
