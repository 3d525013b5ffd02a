import Foundation
import Reports
import Testing

@Suite struct PlotResolutionTests {
    static let day: Double = 86_400
    static let cases: [(Double, PlotResolution)] = [
        (60, .second), (600, .second), (7200, .second), (7201, .minute), (day, .minute), (3 * day, .minute),
        (3 * day + 1, .hour), (31 * day, .hour), (93 * day, .hour), (93 * day + 1, .day), (365 * day, .day),
        (3650 * day, .day),
    ]

    @Test(arguments: cases)
    func secondsForMinutesMinutesForADayHoursForAMonthDaysForAYear(range: Double, expected: PlotResolution) {
        #expect(PlotResolution.forRange(seconds: range) == expected)
    }

    @Test func labelsSuitTheZoom() {
        #expect(labelStyle(forRange: 600) == .timeWithSeconds)
        #expect(labelStyle(forRange: 86_400) == .time)
        #expect(labelStyle(forRange: 30 * 86_400) == .dayMonth)
        #expect(labelStyle(forRange: 365 * 86_400) == .monthYear)
    }

    @Test func timeAxisTicksAreRoundAndInsideTheRange() {
        let start = 1_795_000_007.0
        let axis = TimeAxis(from: start, to: start + 600)
        #expect(!axis.ticks.isEmpty)
        for tick in axis.ticks {
            #expect(tick.time >= start && tick.time <= start + 600)
            #expect(Int(tick.time) % 60 == 0, "ticks every minute or more on a 10-minute range: \(tick)")
            #expect(tick.label.count == 8, "hh:mm:ss: \(tick.label)")
        }
        let year = TimeAxis(from: start, to: start + 365 * 86_400)
        #expect(year.ticks.count >= 3)
        #expect(year.ticks.allSatisfy { $0.label.count == 6 && $0.label.contains("-") }, "MMM-yy: \(year.ticks)")
    }

    @Test func mergingKeepsTheLowestHighestAndTheWeightedAverage() {
        let series = PlotSeries(points: [
            .init(time: 0, seconds: 1, minimum: 60, average: 70, maximum: 80),
            .init(time: 1, seconds: 3, minimum: 50, average: 90, maximum: 100),
            .init(time: 10, seconds: 1, value: 120),
        ])
        let columns = series.merged(into: 2, from: 0, to: 20)
        #expect(series.merged(into: 4, from: 0, to: 20)[3] == nil, "a stretch without readings is empty")
        #expect(columns.count == 2)
        #expect(columns[0]?.minimum == 50)
        #expect(columns[0]?.maximum == 100)
        // Weighted by length: (70 × 1 + 90 × 3) / 4
        #expect(columns[0]?.average == (70.0 + 270) / 4)
        #expect(columns[1] == .init(time: 10, seconds: 10, value: 120))
    }

    @Test func theTerminalPlotHasLabelledAxesAndADataColumnPerStretch() {
        let series = PlotSeries(
            points: (0..<600).map { .init(time: 1_795_000_000 + Double($0), value: 60 + Double($0 % 100)) })
        let lines = TerminalPlot(width: 60, height: 10).lines(series, from: 1_795_000_000, to: 1_795_000_600)
        #expect(lines.count == 12)
        #expect(lines[0].hasPrefix(" 160 ┤"))
        #expect(lines[9].hasPrefix("  60 ┤"))
        #expect(lines[10].hasPrefix("     └──"))
        #expect(lines.last?.contains(":") == true, "time labels: \(lines.last ?? "")")
        let cells = lines[0..<10].map { $0.dropFirst(6) }
        for column in 0..<60 {
            let marks = cells.map { Array($0)[column] }
            #expect(marks.filter { $0 == "█" }.count == 1, "one average mark in column \(column)")
        }
    }
}
