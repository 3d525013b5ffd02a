import Foundation
import HubCore

/// A plot for a terminal in Unicode blocks: one column per stretch of time, `░` from its minimum to its maximum
/// and `█` at its average, with a labelled value axis on the left and a time axis below.
public struct TerminalPlot: Sendable {
    public var width: Int
    public var height: Int

    /// - Parameters:
    ///   - width: columns for the data (the axis takes 6 more), at least 10.
    ///   - height: rows for the data, at least 4.
    public init(width: Int = 72, height: Int = 14) {
        self.width = max(10, width)
        self.height = max(4, height)
    }

    /// The lines of the plot of `series` from `start` to `end`; values outside `valueRange` are clipped.
    public func lines(_ series: PlotSeries, from start: TimeInterval, to end: TimeInterval) -> [String] {
        let columns = series.merged(into: width, from: start, to: end)
        guard let range = series.valueRange else { return [] }
        let low = (range.lowerBound / 10).rounded(.down) * 10
        let high = max(low + 10, (range.upperBound / 10).rounded(.up) * 10)
        let perRow = (high - low) / Double(height)
        // Row 0 is the top; a value maps to the row whose band holds it.
        func row(_ value: Double) -> Int {
            min(height - 1, max(0, height - 1 - Int(((value - low) / perRow).rounded(.down))))
        }
        var grid = [[Character]](repeating: [Character](repeating: " ", count: width), count: height)
        for (x, column) in columns.enumerated() {
            guard let column else { continue }
            let (top, bottom) = (row(column.maximum), row(column.minimum))
            for y in top...bottom { grid[y][x] = "░" }
            grid[row(column.average)][x] = "█"
        }
        var lines: [String] = []
        for (y, cells) in grid.enumerated() {
            let labelled = y == 0 || y == height - 1 || y == height / 2
            let value = high - perRow * Double(y) - (y == height - 1 ? perRow : 0)
            let label = labelled ? Format.fixed(y == height - 1 ? low : value, decimals: 0) : ""
            lines.append(
                String(repeating: " ", count: max(0, 4 - label.count)) + label + (labelled ? " ┤" : " │")
                    + String(cells))
        }
        lines.append("     └" + String(repeating: "─", count: width))
        let axis = TimeAxis(from: start, to: end, target: max(2, width / 12))
        var labels = [Character](repeating: " ", count: width + 6)
        var free = 0
        for tick in axis.ticks {
            let x = 6 + Int((tick.time - start) / (end - start) * Double(width))
            let text = Array(tick.label)
            guard x >= free, x + text.count <= labels.count else { continue }
            for (offset, character) in text.enumerated() { labels[x + offset] = character }
            free = x + text.count + 2
        }
        while labels.last == " " { labels.removeLast() }
        lines.append(String(labels))
        return lines
    }
}
