import Foundation
import FoundationXML
import HubCore
import HubTestKit
import Reports
import Testing

/// Checks SVG text with Foundation's XML parser: well-formed, an `svg` root, and the elements it holds.
final class SVGCheck: NSObject, XMLParserDelegate {
    private(set) var elements: [String] = []
    private(set) var texts: [String] = []
    private var text = ""

    static func parse(_ svg: String) -> (ok: Bool, check: SVGCheck, error: String) {
        let check = SVGCheck()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = check
        let ok = parser.parse()
        return (ok, check, parser.parserError.map { "\($0)" } ?? "")
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { texts.append(text) }
    }
}

@Suite struct SVGTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func theHeartRatePlotIsWellFormedWithZonesBandAndLine() {
        let series = PlotSeries(
            points: (0..<600).map {
                .init(
                    time: start.timeIntervalSince1970 + Double($0) * 60, seconds: 60, minimum: 70,
                    average: 90 + Double($0 % 50), maximum: 150)
            })
        let svg = HeartRateChart.svg(
            series, from: start, to: start.addingTimeInterval(36_000), resolution: .minute,
            zones: HeartRateZones(ageYears: 40))
        let (ok, check, error) = SVGCheck.parse(svg)
        #expect(ok, "\(error)")
        #expect(check.elements.first == "svg")
        #expect(check.elements.contains("polyline"))
        #expect(check.elements.contains("polygon"))
        #expect(check.texts.contains { $0.hasPrefix("Z1 very light") })
        // hh:mm labels for a 10-hour range.
        #expect(check.texts.contains { $0.count == 5 && $0.dropFirst(2).first == ":" }, "\(check.texts)")
    }

    @Test func aWorkoutPageHasHeartRatePaceElevationAndTheRoute() {
        let samples = steadySamples(seconds: 900, speed: 3, start: start) { $0 % 100 == 0 ? nil : 120 + $0 / 20 }
        let workout = finishedWorkout(
            id: 7, start: start, seconds: 900, meters: 2700, kcal: 180, averageHeartRate: 140, maxHeartRate: 164)
        let page = WorkoutPage(
            workout: workout, samples: samples, zones: HeartRateZones(ageYears: 35), units: .metric,
            elevationMeters: samples.map { Double($0.second) / 10 })
        let (ok, check, error) = SVGCheck.parse(page.svg())
        #expect(ok, "\(error)")
        for title in ["Heart rate", "Pace", "Elevation", "Route"] { #expect(check.texts.contains(title)) }
        #expect(check.elements.filter { $0 == "polyline" }.count >= 4)
    }

    @Test func aWorkoutWithoutAPathHasNoRouteAndSaysWhereDataIsMissing() {
        let samples = steadySamples(seconds: 60, speed: 3, start: start).map { sample -> WorkoutSample in
            var copy = sample
            (copy.latitude, copy.longitude) = (nil, nil)
            return copy
        }
        let workout = finishedWorkout(id: 8, start: start, seconds: 60, meters: 180, kcal: 10)
        let page = WorkoutPage(workout: workout, samples: samples, zones: HeartRateZones(ageYears: 35), units: .metric)
        let (ok, check, _) = SVGCheck.parse(page.svg())
        #expect(ok)
        #expect(!check.texts.contains("Route"))
        #expect(check.texts.contains("no elevation recorded"))
    }

    @Test func textFromOutsideIsEscaped() {
        let escaped = SVGDocument.escape("<b>&\"'\u{1B}x")
        #expect(escaped == "&lt;b&gt;&amp;&quot;&apos;x")
        var document = SVGDocument(width: 10, height: 10)
        document.text("a < b & \u{0}c", x: 0, y: 0)
        #expect(SVGCheck.parse(document.text).ok)
    }

    @Test func weekBarsHaveABarPerDay() throws {
        let last = try #require(LocalDay("2026-11-23"))
        let days = [
            finishedWorkout(
                id: 1, start: try #require(LocalDay("2026-11-20")).start.addingTimeInterval(3600), seconds: 1800,
                meters: 5000, kcal: 300)
        ].map(WorkoutStatistics.dayTotals(of:))
        let report = PeriodReport(period: ReportPeriod(.week, endingOn: last), days: days, previousDays: [])
        let (ok, check, error) = SVGCheck.parse(PeriodBars.svg(report, units: .metric))
        #expect(ok, "\(error)")
        #expect(check.elements.filter { $0 == "rect" }.count >= 8)  // background and 7 bars
        #expect(check.texts.contains("Fri 20 Nov"))
        #expect(check.texts.contains("5.0"))
        // The axis in whole steps that its labels write exactly: 0, 2, 4, 6 km (not 2.5 written as "3").
        #expect(["0", "2", "4", "6"].allSatisfy(check.texts.contains), "\(check.texts)")
        #expect(!check.texts.contains("3"))
    }
}
