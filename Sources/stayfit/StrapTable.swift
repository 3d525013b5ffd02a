import HeartRate

/// The table `stayfit devices scan` and `list` print, one strap a line.
enum StrapTable {
    enum Columns {
        /// Signal strength: what a scan heard.
        case signal
        /// Connected and battery: what BlueZ knows of the link.
        case link
    }

    static func text(_ straps: [StrapManager.Strap], remembered: String?, columns: Columns) -> String {
        let header: [String]
        switch columns {
        case .signal: header = ["Address", "Signal", "Name"]
        case .link: header = ["Address", "Connected", "Battery", "Name"]
        }
        let rows = straps.map { strap -> [String] in
            let name = strap.name + (strap.address == remembered ? "  (the hub's strap)" : "")
            switch columns {
            case .signal: return [strap.address, strap.signalStrength.map { "\($0) dBm" } ?? "--", name]
            case .link:
                return [
                    strap.address, strap.isConnected ? "yes" : "no", strap.batteryPercent.map { "\($0)%" } ?? "--",
                    name,
                ]
            }
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }.joined(separator: "\n")
    }
}
