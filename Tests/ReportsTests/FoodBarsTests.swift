import Foundation
import HubCore
import PictureTestKit
import Reports
import Testing

/// `stats food --svg`: a pair of bars a day, eaten beside target, and the weight's line, as rsvg-convert draws them.
@Suite struct FoodBarsTests {
    @Test func aMonthIsAPairOfBarsPerDayLessTheDaysWithNothingLogged() throws {
        let (days, weighings) = PictureSample.foodMonth(.month)
        let svg = FoodBars.svg(title: "October 2026", days: days, weighings: weighings, width: 900)
        let rects = svg.split(separator: "\n").filter { $0.hasPrefix("<rect") }
        // Eaten bars: 31 days less the 9th and the 20th; target bars: all 31.
        #expect(rects.filter { $0.contains("fill=\"#1565c0\"") }.count == 29 + 1)  // and the legend's swatch
        #expect(rects.filter { $0.contains("fill=\"#b0bec5\"") }.count == 31 + 1)
        // The background, the legend's two swatches, 9 weekend days shaded, 29 + 31 bars.
        #expect(rects.count == 1 + 2 + 9 + 29 + 31)
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        #expect(texts.contains("Food, October 2026"))
        // 29 logged days; their eaten and target kcal averaged.
        let logged = days.filter { $0.eatenKilocalories != nil }
        let eaten = Double(logged.compactMap(\.eatenKilocalories).reduce(0, +)) / 29
        let target = Double(logged.compactMap(\.targetKilocalories).reduce(0, +)) / 29
        #expect(
            texts.contains(
                "29 logged days  ·  \(Format.fixed(eaten, decimals: 0)) kcal a day eaten  ·  target "
                    + "\(Format.fixed(target, decimals: 0))"), "\(texts)")
        #expect(["eaten", "target", "weight", "kcal", "kg"].allSatisfy(texts.contains), "\(texts)")
        #expect(texts.contains("days of the month (weekends shaded)"))
    }

    @Test func theWeightLineGoesThroughEachWeighingOnItsDay() throws {
        let (days, weighings) = PictureSample.foodMonth(.month)
        let svg = FoodBars.svg(title: "October 2026", days: days, weighings: weighings, width: 900)
        // Weighed on the 1st, 4th … 31st: 11 points on one line, and a dot on each.
        let line = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline") })
        #expect(line.contains("stroke=\"#e65100\""))
        let points = try #require(line.firstMatch(of: /points="([^"]*)"/)).1.split(separator: " ")
        #expect(points.count == 11)
        #expect(svg.split(separator: "\n").filter { $0.hasPrefix("<circle") }.count == 11)
        // 72.36 kg on the 1st down to 71.16 on the 31st: the line falls from left to right.
        let ys = points.compactMap { Double($0.split(separator: ",")[1]) }
        #expect(ys == ys.sorted())
        // The kilogram axis spans the weighings with a kilogram to spare: 70 to 74 kg in steps of 1.
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        #expect(["70", "71", "72", "73", "74"].allSatisfy(texts.contains), "\(texts)")
    }

    @Test func aWeekIsLabelledWithItsDaysNamesAndAWeighingOutsideItIsLeftOut() throws {
        let (days, weighings) = PictureSample.foodMonth(.week)
        #expect(days.count == 7)
        let outside = FoodBars.Weighing(day: LocalDay(year: 2026, month: 9, day: 30) ?? days[0].day, kilograms: 90)
        let svg = FoodBars.svg(title: "the last 7 days", days: days, weighings: [outside] + weighings, width: 900)
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        #expect(["Sun 25 Oct", "Mon 26 Oct", "Sat 31 Oct"].allSatisfy(texts.contains), "\(texts)")
        #expect(texts.contains("days (weekends shaded)"))
        // The 25th, the 28th and the 31st, not the 30th of September.
        let line = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<polyline") })
        #expect(try #require(line.firstMatch(of: /points="([^"]*)"/)).1.split(separator: " ").count == 3)
        #expect(!texts.contains("90"))
    }

    @Test func withoutWeighingsOrEntriesThePictureSaysSoAndHasNoWeightAxis() async throws {
        let days = PictureSample.foodMonth(.week).days.map {
            FoodBars.Day(day: $0.day, eatenKilocalories: nil, targetKilocalories: nil)
        }
        let svg = FoodBars.svg(title: "the last 7 days", days: days, weighings: [], width: 480)
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        #expect(texts.contains("nothing logged") && texts.contains("Nothing logged"))
        #expect(!texts.contains("kg") && !svg.contains("<polyline"))
        #expect(!texts.contains("eaten") && !texts.contains("target") && !texts.contains("weight"), "\(texts)")
        let picture = try await RenderedPicture(svg: svg)
        #expect(picture.problems.isEmpty, "\(picture.problems)")
    }

    @Test func aMonthWithTargetsButNothingEatenSaysSoOnAPanelAndKeysOnlyTheTargets() throws {
        let days = PictureSample.foodMonth(.month).days.map {
            FoodBars.Day(day: $0.day, eatenKilocalories: nil, targetKilocalories: 1_900)
        }
        let svg = FoodBars.svg(title: "October 2026", days: days, weighings: [], width: 900)
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        #expect(texts.contains("target") && !texts.contains("eaten") && !texts.contains("weight"), "\(texts)")
        // The note stands on a white panel drawn after the bars, just before it.
        let lines = svg.split(separator: "\n")
        let note = try #require(lines.firstIndex { $0.contains(">nothing logged<") })
        #expect(lines[note - 1].hasPrefix("<rect") && lines[note - 1].contains("fill=\"#ffffff\""))
    }
}
