import Foundation
import HubCore
import HubStore
import HubTestKit
import Reports
import Testing

@testable import Web

/// `/workouts/{id}` from a real store: the figures `stayfit workouts show` prints, laps, splits, program steps,
/// the picture's link and the downloads.
@Suite struct WorkoutDetailPageTests {
    /// The `<dt>`/`<dd>` pairs of the page, as "label: value".
    static func figures(_ html: String) -> [String] {
        html.components(separatedBy: "<dt>").dropFirst().map { pair -> String in
            let label: String = pair.components(separatedBy: "</dt>")[0]
            let afterValue: String = pair.components(separatedBy: "<dd>").dropFirst().first ?? ""
            let value: String = afterValue.components(separatedBy: "</dd>")[0]
            return label + ": " + value
        }
    }

    @Test func aRunShowsItsFiguresLapsSplitsPictureAndBothFiles() async throws {
        let fixture = try await HistoryFixture()
        let page = try #require(
            try await WorkoutDetailPage.render(id: "\(fixture.run)", history: fixture.store, units: .metric))
        #expect(page.title == "Run of 20 November 2026")
        #expect(
            Self.figures(page.body) == [
                "Started: 2026-11-20 07:30, ended 2026-11-20 07:40", "Kind: Run", "Moving time: 10:00",
                "Distance: 1.80 km", "Speed: avg 10.8 km/h, min 10.8 km/h, max 10.8 km/h", "Pace: 5:33 /km",
                "Heart rate: avg 150, max 150 bpm", "Energy: 120 kcal", "Steps: 1800",
            ])
        #expect(page.body.contains("<h2>Laps</h2>"))
        #expect(page.body.contains("<tr><td>1</td><td>5:00</td><td>0.90 km</td></tr>"))
        #expect(page.body.contains("<tr><td>2</td><td>5:00</td><td>0.90 km</td></tr>"))
        // 1800 m at 3 m/s: a whole kilometre in 5:33, and 800 m in 4:27.
        #expect(page.body.contains("<tr><td>1</td><td>5:33</td><td>5:33 /km</td><td>150 bpm</td></tr>"))
        #expect(page.body.contains("<tr><td>2 (0.80 km)</td><td>4:27</td><td>5:33 /km</td><td>150 bpm</td></tr>"))
        #expect(
            page.body.contains(
                "<img src=\"/workouts/\(fixture.run)/charts.svg\" alt=\"Heart rate, pace or speed and elevation "
                    + "over the workout&#39;s time, and its route\">"))
        #expect(page.body.contains("<a href=\"/workouts/\(fixture.run).gpx\">"))
        #expect(page.body.contains("<a href=\"/workouts/\(fixture.run).tcx\">"))
        #expect(page.body.contains("<form class=\"danger\" method=\"get\" action=\"/workouts/\(fixture.run)/delete\">"))
        #expect(!page.body.contains("style=") && !page.body.contains("<script"))
    }

    @Test func anIndoorRideShowsItsPowerAndCadenceAndOnlyTheTCX() async throws {
        let fixture = try await HistoryFixture()
        let page = try #require(
            try await WorkoutDetailPage.render(id: "\(fixture.ride)", history: fixture.store, units: .metric))
        let figures = Self.figures(page.body)
        #expect(figures.contains("Power: avg 200 W, max 250 W, 240 kJ"))
        #expect(figures.contains("Cadence: avg 90 rpm, max 90 rpm"))
        #expect(figures.contains("Distance: 10.00 km"))
        #expect(!page.body.contains(".gpx\""))
        #expect(page.body.contains("<a href=\"/workouts/\(fixture.ride).tcx\">"))
        #expect(page.body.contains("alt=\"Heart rate, speed and elevation over the workout&#39;s time\""))
    }

    @Test func aProgramWorkoutShowsItsStepsWithoutEmptyColumns() async throws {
        let fixture = try await HistoryFixture()
        let page = try #require(
            try await WorkoutDetailPage.render(id: "\(fixture.strength)", history: fixture.store, units: .metric))
        #expect(page.body.contains("<h2>Program: Strength basics</h2>"))
        #expect(
            page.body.contains(
                "<tr><td>1</td><td>Squats: 10 reps at 60 kg</td><td>8 of 10 reps at 60 kg, 4:00</td>"
                    + "<td>done</td></tr>"))
        #expect(page.body.contains("<tr><td>2</td><td>Rest: 1 minute</td><td>1:00 of 1:00</td><td>skipped</td></tr>"))
        #expect(!page.body.contains("<th scope=\"col\">Power</th>"))
        #expect(!Self.figures(page.body).contains { $0.hasPrefix("Distance") })
        #expect(!page.body.contains("<h2>Splits"))
        // Its laps have no distance, and say none.
        #expect(page.body.contains("<tr><td>1</td><td>2:30</td></tr><tr><td>2</td><td>2:30</td></tr>"))
        #expect(!page.body.contains("<th scope=\"col\">Distance</th>"))
    }

    @Test(arguments: ["999", "abc", "-1", "0", "../1", "1.gpx", "", String(repeating: "9", count: 40)])
    func anIdThatNamesNoWorkoutIsNoPage(_ id: String) async throws {
        let fixture = try await HistoryFixture()
        #expect(try await WorkoutDetailPage.render(id: id, history: fixture.store, units: .metric) == nil)
    }

    @Test func aHostileProgramAndStepNameAreEscaped() async throws {
        let fixture = try await HistoryFixture()
        try await fixture.store.recordProgramStep(
            WorkoutProgramStep(
                number: 1, title: "<script>alert(1)</script>", program: "<b>Mine</b> & \"yours\"",
                outcome: .completed, seconds: 60, startedAt: HistoryFixture.runStart,
                endedAt: HistoryFixture.runStart.addingTimeInterval(60)),
            of: fixture.run)
        let page = try #require(
            try await WorkoutDetailPage.render(id: "\(fixture.run)", history: fixture.store, units: .metric))
        #expect(!page.body.contains("<script>") && !page.body.contains("<b>"))
        #expect(page.body.contains("<h2>Program: &lt;b&gt;Mine&lt;/b&gt; &amp; &quot;yours&quot;</h2>"))
        #expect(page.body.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
    }
}
