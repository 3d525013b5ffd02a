import ArgumentParser
import BluetoothSensors
import FitnessSensors
import Foundation
import HeartRate
import HubCore
import HubStore

/// `stayfit devices`: find, choose and release the Bluetooth sensors the hub uses (the strap and the fitness sensors).
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "Find and choose the Bluetooth sensors the hub uses.",
        discussion: """
            The strap chosen with 'connect' and the fitness sensors chosen with 'pair' (speed and cadence sensors, \
            power meters, running pods, smart trainers, treadmills, rowers) are remembered in the database, one of \
            each kind; a running hub switches to them within 2 seconds. BlueZ (bluetoothd) must be running.
            """,
        subcommands: [
            List.self, Scan.self, Connect.self, Pair.self, Unpair.self, Test.self, Disconnect.self, Forget.self,
        ],
        defaultSubcommand: List.self)

    /// The adapter option every subcommand that talks to BlueZ takes.
    struct BluetoothOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                "The Bluetooth adapter, as 'bluetoothctl list' names it (default: [plugins.heart-rate] adapter, else hci0).",
                valueName: "name"))
        var adapter: String?
        @OptionGroup var configOptions: ConfigOptions

        /// BlueZ through `--adapter`, else the adapter the hub's configuration names, else hci0.
        func manager() throws -> StrapManager {
            if let adapter { return StrapManager(adapter: adapter) }
            let table = try configOptions.load().pluginTables[HeartRatePlugin.id]
            return StrapManager(adapter: try table.map { try HeartRatePlugin.Configuration($0).adapter } ?? "hci0")
        }

        /// BlueZ for the fitness sensors: `--adapter`, else `[plugins.fitness-sensors] adapter`, else hci0.
        func sensorManager() throws -> FitnessSensorManager {
            if let adapter { return FitnessSensorManager(adapter: adapter) }
            let table = try configOptions.load().pluginTables[FitnessSensorsPlugin.id]
            return FitnessSensorManager(
                adapter: try table.map { try FitnessSensorsPlugin.Configuration($0).adapter } ?? "hci0")
        }

        func validate() throws {
            guard let adapter else { return }
            guard !adapter.isEmpty, adapter.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw ValidationError("--adapter must be an adapter name such as hci0 (got \"\(adapter)\").")
            }
        }
    }

    struct Scan: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the heart-rate straps in range, strongest signal first.",
            discussion: "A strap advertises only while it is worn (or its electrodes are moist).")
        @OptionGroup var bluetooth: BluetoothOptions
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: ArgumentHelp("How long to listen, 1 to 120.", valueName: "seconds")) var seconds = 10

        func validate() throws {
            guard (1...120).contains(seconds) else {
                throw ValidationError("--seconds must be from 1 to 120 (got \(seconds)).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                let remembered = try await store.rememberedDevice(.heartRate)
                writeLine("Scanning for heart-rate straps for \(Format.counted(seconds, "second"))…")
                // Both at once, so the scan takes as long as it says; the sensors' part is a bonus, never a failure.
                let sensorManager = try bluetooth.sensorManager()
                async let sensorScan = try? sensorManager.scan(for: .seconds(seconds))
                let straps = try await bluetooth.manager().scan(for: .seconds(seconds))
                let sensors = await sensorScan ?? []
                if let first = straps.first {
                    print(StrapTable.text(straps, remembered: remembered?.address, columns: .signal))
                    print(
                        "Found \(straps.count) strap\(straps.count == 1 ? "" : "s"). "
                            + "Choose one with: stayfit devices connect \(first.address)")
                } else {
                    print(
                        "No heart-rate strap found. Put the strap on (it sleeps when nobody wears it) and scan again.")
                }
                guard let first = sensors.first else { return }
                print("")
                print(SensorTable.text(sensors, remembered: try await SensorTable.rememberedAddresses(in: store)))
                print(
                    "Found \(Format.counted(sensors.count, "fitness sensor")). "
                        + "Remember one with: stayfit devices pair \(first.address)")
            }
        }
    }

    struct Connect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Connect a strap and remember it as the hub's heart-rate strap.",
            discussion: "A running hub switches to it within 2 seconds, and connects it again after every restart.")
        @OptionGroup var bluetooth: BluetoothOptions
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The strap's Bluetooth address, e.g. C0:FF:EE:00:00:01.", valueName: "address"))
        var address: String
        @Option(
            help: ArgumentHelp("How long to search for a strap BlueZ has not seen yet, 1 to 120.", valueName: "seconds")
        )
        var seconds = 10

        func validate() throws {
            guard BluetoothAddress.normalized(address) != nil else {
                throw ValidationError("\"\(address)\" is not a Bluetooth address. \(BluetoothAddress.hint).")
            }
            guard (1...120).contains(seconds) else {
                throw ValidationError("--seconds must be from 1 to 120 (got \(seconds)).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let address = BluetoothAddress.normalized(address) ?? address
                let store = try storeOptions.openStore()
                let strap = try await bluetooth.manager().connect(address: address, searchFor: .seconds(seconds))
                if let previous = try await store.rememberReplacing(
                    RememberedDevice(role: .heartRate, address: strap.address, name: strap.name, rememberedAt: Date()))
                {
                    // Free the strap the hub used before, for its battery and for other devices.
                    _ = try? await bluetooth.manager().disconnect(address: previous.address)
                }
                let battery = strap.batteryPercent.map { ", battery \($0)%" } ?? ""
                print("Connected to \(strap.description)\(battery). The hub now uses it as its heart-rate strap.")
            }
        }
    }

    struct Pair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Connect a fitness sensor and remember it for its kind; with --person, make a heart-rate strap someone's.",
            discussion: """
                Speed and cadence sensors, power meters, running pods and fitness machines (smart trainers, \
                treadmills, rowers, cross trainers): the kind comes from the sensor's services. A running hub \
                switches to it within 2 seconds, and connects it again after every restart. With --person the strap \
                need not be in range: when the hub connects it, it says hello to that person and the next workout \
                is theirs.
                """)
        @OptionGroup var bluetooth: BluetoothOptions
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The sensor's Bluetooth address, e.g. C0:FF:EE:00:00:02.", valueName: "address"))
        var address: String
        @Option(
            help: ArgumentHelp(
                "How long to search for a sensor BlueZ has not seen yet, 1 to 120.", valueName: "seconds")
        )
        var seconds = 10
        @Option(
            help: ArgumentHelp(
                "Make the heart-rate strap at ADDRESS this person's (see 'stayfit people list').", valueName: "name"))
        var person: String?

        func validate() throws {
            guard BluetoothAddress.normalized(address) != nil else {
                throw ValidationError("\"\(address)\" is not a Bluetooth address. \(BluetoothAddress.hint).")
            }
            guard (1...120).contains(seconds) else {
                throw ValidationError("--seconds must be from 1 to 120 (got \(seconds)).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let address = BluetoothAddress.normalized(address) ?? address
                let store = try storeOptions.openStore()
                if let person { return try await pairStrap(address, to: person, in: store) }
                let manager = try bluetooth.sensorManager()
                let sensor = try await manager.pair(address: address, searchFor: .seconds(seconds))
                if let previous = try await store.rememberReplacing(
                    RememberedDevice(
                        role: sensor.kind.role, address: sensor.address, name: sensor.name, rememberedAt: Date()))
                {
                    _ = try? await manager.disconnect(address: previous.address)
                }
                let kind = sensor.kind.words.lowercased()
                print("Paired \(sensor.description), \(sensor.words.lowercased()). The hub now uses it as its \(kind).")
            }
        }
    }

    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Disconnect and forget the hub's strap (or the remembered sensor at ADDRESS).",
            discussion: "Without the strap the hub takes the first one it finds; without a sensor, the known ones.")
        @OptionGroup var bluetooth: BluetoothOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var device: RememberedDeviceArgument

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                if let address = device.address {
                    // The same look-up as the web app's sensors page: a sensor's role before the strap's.
                    if let device = try await store.rememberedDevice(at: address) {
                        guard device.role != .heartRate else { return try await forgetStrap(device, in: store) }
                        try await store.forgetDevice(device.role)
                        _ = try? await bluetooth.sensorManager().disconnect(address: address)
                        let kind = SensorKind.allCases.first { $0.role == device.role }
                        let words =
                            kind?.words.lowercased() ?? device.role.rawValue.replacingOccurrences(of: "-", with: " ")
                        return print("Forgot \(device.name) (\(device.address)), the hub's \(words).")
                    }
                    if let owner = try await store.strapOwner(address: address) {
                        return print(
                            "\(address) is \(PersonLines.name(owner))'s strap, not a remembered device; "
                                + "'stayfit devices unpair \(address)' makes it nobody's.")
                    }
                    return print("No remembered device has the address \(address); nothing to forget.")
                }
                guard let strap = try await store.rememberedDevice(.heartRate) else {
                    return print("No strap is remembered; nothing to forget.")
                }
                try await forgetStrap(strap, in: store)
            }
        }

        private func forgetStrap(_ strap: RememberedDevice, in store: HubStore) async throws {
            try await store.forgetDevice(.heartRate)
            // Best effort: the strap is forgotten even when BlueZ cannot be reached.
            _ = try? await bluetooth.manager().disconnect(address: strap.address)
            print(
                "Forgot \(strap.name) (\(strap.address)). The hub now takes the strap set in its configuration, "
                    + "or else the first one it finds.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the remembered strap and sensors, and the straps and fitness sensors BlueZ knows.")
        @OptionGroup var bluetooth: BluetoothOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let manager = try bluetooth.manager()
                let store = try storeOptions.openStore()
                let remembered = try await store.rememberedDevice(.heartRate)
                if let remembered {
                    let mode =
                        remembered.connectAutomatically
                        ? "the hub connects it" : "disconnected: the hub leaves it alone"
                    print("Remembered strap: \(remembered.name) (\(remembered.address)), \(mode).")
                } else {
                    print("Remembered strap: none (the hub takes the configured strap, or the first one it finds).")
                }
                for strap in try await store.personStraps() {
                    print("\(PersonLines.name(strap.person))'s strap: \(strap.address).")
                }
                let straps: [StrapManager.Strap]
                do {
                    straps = try await manager.knownStraps()
                } catch {
                    // The remembered strap is still worth showing; say why the rest is missing and fail.
                    throw CLIError("Cannot list the straps BlueZ knows: \(error)")
                }
                if straps.isEmpty {
                    print("BlueZ knows no heart-rate strap yet. Find one with: stayfit devices scan")
                } else {
                    print(StrapTable.text(straps, remembered: remembered?.address, columns: .link))
                }
                for kind in SensorKind.allCases {
                    guard let sensor = try await store.rememberedDevice(kind.role) else { continue }
                    let mode = sensor.connectAutomatically ? "the hub connects it" : "the hub leaves it alone"
                    print("Remembered \(kind.words.lowercased()): \(sensor.name) (\(sensor.address)), \(mode).")
                }
                let sensors = (try? await bluetooth.sensorManager().knownSensors()) ?? []
                if !sensors.isEmpty {
                    print(SensorTable.text(sensors, remembered: try await SensorTable.rememberedAddresses(in: store)))
                }
            }
        }
    }
}
