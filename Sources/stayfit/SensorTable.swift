import FitnessSensors
import HubStore

/// The table of fitness sensors `stayfit devices scan` and `list` print, one sensor a line, with its kind in words.
enum SensorTable {
    static func text(_ sensors: [FitnessSensorManager.Sensor], remembered: Set<String>) -> String {
        let header = ["Address", "Signal", "Kind", "Name"]
        let rows = sensors.map { sensor -> [String] in
            let name = sensor.name + (remembered.contains(sensor.address) ? "  (the hub's)" : "")
            return [sensor.address, sensor.signalStrength.map { "\($0) dBm" } ?? "--", sensor.words, name]
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }.joined(separator: "\n")
    }

    /// The addresses of the fitness sensors remembered in `store`, whatever their kind.
    static func rememberedAddresses(in store: HubStore) async throws -> Set<String> {
        var addresses: Set<String> = []
        for kind in SensorKind.allCases {
            if let device = try await store.rememberedDevice(kind.role) { addresses.insert(device.address) }
        }
        return addresses
    }
}
