import Foundation
import HubCore
import PictureTestKit
import Reports
import Testing

/// Every picture as a person sees it: rendered by rsvg-convert, no label on another or off the edge; a month as
/// days, a year as months, all time as years.
@Suite struct PictureTests {
    @Test(arguments: PictureSample.all)
    func everyPictureRendersWithNoLabelOnAnother(_ sample: PictureSample) async throws {
        // STAYFIT_PICTURES=/some/folder keeps each PNG there, to look at.
        let folder = ProcessInfo.processInfo.environment["STAYFIT_PICTURES"]
        let picture = try await RenderedPicture(
            svg: sample.svg(),
            keepingPNGAt: folder.map { "\($0)/\(sample.name.replacingOccurrences(of: " ", with: "-")).png" })
        #expect(picture.problems.isEmpty, "\(sample.name):\n\(picture.problems.joined(separator: "\n"))")
        #expect(picture.pngBytes > 2000)
        #expect(picture.texts.count > 5)
    }

    @Test func aMonthIsABarPerDayWithSeveralWorkoutsOfADaySummed() throws {
        let report = PictureSample.report(.month)
        let svg = PeriodBars.svg(report, units: .metric, width: 900)
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        let bars = SVGCheck.parse(svg).check.elements.filter { $0 == "rect" }.count
        // The background, the 9 weekend days of October 2026 shaded, and 31 bars (six of them empty).
        #expect(bars == 1 + 9 + 31)
        #expect(report.days.filter { $0.statistics.count == 0 }.count == 6)
        // The 4th: 5.92 km in the morning and 3.5 km in the evening, one bar of 9.4 km.
        #expect(report.days[3].statistics.count == 2)
        #expect(texts.contains("9.4"), "\(texts)")
        #expect(!texts.contains("5.9"), "\(texts)")
        #expect(texts.contains("km per day"))
        #expect(texts.contains("days of the month (weekends shaded)"))
    }

    @Test func aMonthsDaysAreLabelledEveryDayWhenWideAndOnMondaysWhenNarrow() throws {
        let report = PictureSample.report(.month)
        let wide = try #require(TextBox.elements(of: PeriodBars.svg(report, units: .metric, width: 1600))?.texts)
        let dayLabels = { (texts: [TextBox]) in
            texts.filter { $0.y == 328 }.map(\.content)
        }
        #expect(dayLabels(wide) == (1...31).map(String.init))
        let narrow = try #require(TextBox.elements(of: PeriodBars.svg(report, units: .metric, width: 320))?.texts)
        // October 2026's Mondays are the 5th, 12th, 19th and 26th.
        #expect(["5", "12", "19", "26"].allSatisfy(dayLabels(narrow).contains), "\(dayLabels(narrow))")
        #expect(dayLabels(narrow).count < 31)
    }

    @Test func aYearIsTwelveMonthsAndAllTimeIsAYearEach() throws {
        let year = PictureSample.report(.year)
        #expect(year.months.map(\.label) == LocalTimeNames.months)
        #expect(year.months.map(\.statistics.count) == [1, 1, 1, 1, 1, 1, 1, 1, 1, 31, 0, 0])
        #expect(year.months.map(\.statistics.count).reduce(0, +) == year.statistics.count)
        let yearTexts = try #require(TextBox.elements(of: PeriodBars.svg(year, units: .metric))?.texts)
        #expect(LocalTimeNames.months.allSatisfy(yearTexts.map(\.content).contains))
        #expect(yearTexts.map(\.content).contains("km per month"))

        let all = PictureSample.report(.all)
        // 2019 to 2026, 2021 without a workout.
        #expect(all.years.map(\.label) == (2019...2026).map(String.init))
        #expect(all.years[2].statistics.count == 0)
        #expect(all.years.map(\.statistics.count).reduce(0, +) == all.statistics.count)
        let allTexts = try #require(TextBox.elements(of: PeriodBars.svg(all, units: .metric))?.texts)
        #expect((2019...2026).map(String.init).allSatisfy(allTexts.map(\.content).contains))
        #expect(allTexts.map(\.content).contains("km per year"))
    }
}

/// The month names as the pictures write them.
enum LocalTimeNames {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
