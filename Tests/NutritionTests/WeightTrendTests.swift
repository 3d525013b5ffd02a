import Foundation
import Records
import Testing

@testable import Nutrition

@Suite struct WeightTrendTests {
    private func weighings(_ kilograms: [Double], everyDays days: Double) -> [WeightEntry] {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        return kilograms.enumerated().map { index, value in
            WeightEntry(measuredAt: start.addingTimeInterval(Double(index) * days * 86_400), day: "", kilograms: value)
        }
    }

    @Test func aLineThroughTheWeighingsGivesTheChangeAWeek() throws {
        // Down 0.5 kg a week, weighed twice a week, with one heavy morning that the line shrugs off.
        var values: [Double] = (0..<9).map { 80 - 0.25 * Double($0) }
        values[4] += 1
        let entries = weighings(values, everyDays: 3.5)
        let sentence = WeightTrend(entries).sentence(latest: try #require(entries.last))
        #expect(sentence == "78.0 kg; down 0.5 kg a week over 4 weeks (9 weighings).")
    }

    @Test func aSteadyWeightAndTooShortAHistoryAreSaidSo() throws {
        let steady = weighings([70, 70.1, 69.9, 70], everyDays: 7)
        #expect(
            WeightTrend(steady).sentence(latest: try #require(steady.last))
                == "70.0 kg; steady over 3 weeks (4 weighings).")
        let short = weighings([70, 69.5], everyDays: 2)
        #expect(
            WeightTrend(short).sentence(latest: try #require(short.last))
                == "69.5 kg; a trend needs weighings a week or more apart.")
    }
}
