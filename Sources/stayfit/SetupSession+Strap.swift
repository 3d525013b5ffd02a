import Foundation
import HeartRate
import HubCore

extension SetupSession {
    /// Step 1: scan for straps and connect the one chosen, as `devices scan` and `devices connect` do.
    mutating func strapStep() async throws {
        Self.heading(1, "the heart-rate strap")
        let adapter = detected.bluetoothAdapters.first ?? "hci0"
        if detected.bluetoothAdapters.isEmpty {
            writeLine("No Bluetooth adapter was found here; BlueZ may still know one.")
        }
        writeLine("Put the strap on: it sleeps when nobody wears it.")
        guard try await conversation.wantsStep("Scan for heart-rate straps now?") else {
            return skipped()
        }
        let manager = StrapManager(adapter: adapter)
        while true {
            writeLine("Scanning for \(Format.counted(command.scanSeconds, "second"))…")
            let straps: [StrapManager.Strap]
            do {
                straps = try await manager.scan(for: .seconds(command.scanSeconds))
            } catch {
                writeLine("Cannot scan: \(error)")
                guard try await conversation.yesOrNo("Try again?", default: false) else { return skipped() }
                continue
            }
            if straps.isEmpty {
                writeLine("No heart-rate strap found.")
            } else {
                for (index, strap) in straps.enumerated() {
                    let signal = strap.signalStrength.map { "  \($0) dBm" } ?? ""
                    writeLine("  \(index + 1)  \(strap.address)\(signal)  \(Format.printable(strap.name, limit: 60))")
                }
            }
            let choice = try await conversation.ask(
                straps.isEmpty
                    ? "r to scan again, Enter or s to skip: [s]"
                    : "Which strap? A number, r to scan again, s to skip: [1]")
            switch choice.lowercased() {
            case "r": continue
            case "s", "skip": return skipped()
            case "" where straps.isEmpty: return skipped()
            default: break
            }
            guard let number = choice.isEmpty ? 1 : Int(choice), straps.indices.contains(number - 1) else {
                writeLine("Type a number from the list (1 to \(straps.count)), r or s.")
                continue
            }
            let chosen = straps[number - 1]
            writeLine("Connecting to \(chosen.description)…")
            do {
                let connected = try await manager.connect(address: chosen.address, searchFor: .seconds(10))
                let battery = connected.batteryPercent.map { ", battery \($0)%" } ?? ""
                writeLine("Connected to \(connected.description)\(battery).")
                strap = connected
                configuration.strap = (adapter, connected.address)
                return
            } catch {
                writeLine("Cannot connect: \(error)")
            }
        }
    }

    private func skipped() {
        writeLine(
            configuration.strap == nil
                ? "Skipped: the strap stays off."
                : "Skipped: the hub takes the first strap it finds (choose one later: stayfit devices scan).")
    }
}
