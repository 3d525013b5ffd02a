import BlueZTestKit
import Foundation
import FoundationXML
import HubStore
import PictureTestKit
import Testing

/// `stayfit stats`, `hr plot`, `share` and the report parts of `workouts` on the built binary, in Berlin's time
/// zone (TZ), with pictures checked by Foundation's XML parser and rendered to PNG by rsvg-convert.
@Suite(.serialized) struct ReportsCLITests {
    static let berlin = ["TZ": "Europe/Berlin"]

    /// Stores a finished workout of `seconds` at a steady `speed` from `start` (Unix seconds), heart rate 120–159.
    @discardableResult
    static func storeWorkout(
        _ store: HubStore, start: Double, seconds: Int, speed: Double, kcal: Double, simulated: Bool = false
    ) async throws -> WorkoutID {
        let began = Date(timeIntervalSince1970: start)
        let id = try await store.startWorkout(at: began, goal: nil, simulated: simulated)
        var samples: [WorkoutSample] = []
        for second in 1...seconds {
            let time = Double(second)
            let latitude: Double = 52.5 + time * 0.00002
            let longitude: Double = 13.4 + sin(time / 200) * 0.003
            let heartRate: Int = 120 + second % 40
            samples.append(
                WorkoutSample(
                    second: second, recordedAt: began.addingTimeInterval(time), heartRate: heartRate,
                    latitude: latitude, longitude: longitude, speedMetersPerSecond: speed, distanceMeters: time * speed,
                    kilocalories: kcal * time / Double(seconds), steps: second * 3))
        }
        let heartRates: [Int] = samples.compactMap { $0.heartRate }
        var totals = WorkoutTotals()
        totals.movingSeconds = seconds
        totals.distanceMeters = Double(seconds) * speed
        totals.steps = seconds * 3
        totals.kilocalories = kcal
        totals.averageSpeedMetersPerSecond = speed
        totals.maxSpeedMetersPerSecond = speed
        totals.averageHeartRate = Double(heartRates.reduce(0, +)) / Double(seconds)
        totals.maxHeartRate = heartRates.max()
        try await store.recordSamples(samples, totals: totals, of: id)
        try await store.finishWorkout(id, at: began.addingTimeInterval(Double(seconds)), totals: totals)
        return id
    }

    /// Renders `svg` to PNG with rsvg-convert and checks it as a person sees it (no label on another or off the
    /// edge, see `RenderedPicture`); the PNG's size in bytes.
    static func render(_ svg: String, in scratch: borrowing Scratch) async throws -> Int {
        let picture = try await RenderedPicture(svg: try String(contentsOfFile: svg, encoding: .utf8))
        #expect(picture.problems.isEmpty, "\(svg):\n\(picture.problems.joined(separator: "\n"))")
        return picture.pngBytes
    }

    static func parses(_ text: String) -> (Bool, String) {
        let parser = XMLParser(data: Data(text.utf8))
        let ok = parser.parse()
        return (ok, parser.parserError.map { "\($0)" } ?? "")
    }

    // MARK: - stats

    @Test func weekStatsMatchTotalsWorkedOutByHandInLocalDays() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let store = try scratch.store()
        // The week of Tue 17 – Mon 23 Nov 2026 in Berlin (UTC+1):
        try await Self.storeWorkout(store, start: 1_794_871_800, seconds: 1200, speed: 2.5, kcal: 150)  // 17th 00:30
        try await Self.storeWorkout(store, start: 1_795_154_400, seconds: 1800, speed: 3.0, kcal: 250)  // 20th 07:00
        try await Self.storeWorkout(store, start: 1_795_453_200, seconds: 600, speed: 2.0, kcal: 60)  // 23rd 18:00
        // The 7 days before: the 16th 23:30 (in UTC already the 16th, in Berlin too) and the 12th.
        try await Self.storeWorkout(store, start: 1_794_868_200, seconds: 600, speed: 3.0, kcal: 80)
        try await Self.storeWorkout(store, start: 1_794_463_200, seconds: 900, speed: 2.0, kcal: 100)
        // Simulated: left out unless asked for.
        try await Self.storeWorkout(store, start: 1_795_413_600, seconds: 300, speed: 4.0, kcal: 40, simulated: true)

        let result = try await StayfitProcess.run(
            ["stats", "--period", "week", "--date", "2026-11-23", "--json", "--data-dir", data],
            environment: Self.berlin)
        #expect(result.status == 0, "stderr: \(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let statistics = try #require(json["statistics"] as? [String: Any])
        #expect(statistics["count"] as? Int == 3)
        let duration = try #require(statistics["durationSeconds"] as? [String: Double])
        #expect(duration["total"] == 3600)  // 1200 + 1800 + 600
        #expect(duration["average"] == 1200)
        #expect(duration["maximum"] == 1800)
        let distance = try #require(statistics["distanceMeters"] as? [String: Double])
        #expect(distance["total"] == 9600)  // 3000 + 5400 + 1200
        #expect(distance["maximum"] == 5400)
        let kcal = try #require(statistics["kilocalories"] as? [String: Double])
        #expect(kcal["total"] == 460)
        let steps = try #require(statistics["steps"] as? [String: Double])
        #expect(steps["total"] == 10_800)  // 3 a second
        let speed = try #require(statistics["speedMetersPerSecond"] as? [String: Double])
        #expect(abs((speed["average"] ?? 0) - 9600.0 / 3600) < 1e-9)
        #expect(speed["maximum"] == 3.0)
        let previous = try #require(json["previous"] as? [String: Any])
        #expect(previous["count"] as? Int == 2)
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(
            days.map { $0["day"] as? String } == [
                "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23",
            ])
        #expect(days.map { ($0["statistics"] as? [String: Any])?["count"] as? Int } == [1, 0, 0, 1, 0, 0, 1])

        let text = try await StayfitProcess.run(
            ["stats", "--date", "2026-11-23", "--data-dir", data], environment: Self.berlin)
        #expect(text.output.contains("Last 7 days vs the 7 before: 3 vs 2 workouts (+50%), 9.60 km vs 3.60 km"))
        let simulated = try await StayfitProcess.run(
            ["stats", "--date", "2026-11-23", "--include-simulated", "--json", "--data-dir", data],
            environment: Self.berlin)
        #expect(simulated.output.contains("\"count\" : 4"))
    }

    @Test func aDayIsALocalDayAcrossTheChangeToSummerTime() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let store = try scratch.store()
        // 29 March 2026 has 23 hours in Berlin: 23:30 that day is 21:30 UTC, 00:30 the next day is 22:30 UTC.
        try await Self.storeWorkout(store, start: 1_774_819_800, seconds: 600, speed: 2, kcal: 50)
        try await Self.storeWorkout(store, start: 1_774_823_400, seconds: 900, speed: 2, kcal: 70)
        let day = try await StayfitProcess.run(
            ["stats", "--period", "day", "--date", "2026-03-29", "--json", "--data-dir", data], environment: Self.berlin
        )
        #expect(day.status == 0, "stderr: \(day.error)")
        #expect(day.output.contains("\"count\" : 1,"))
        #expect(day.output.contains("\"total\" : 600"))
        let list = try await StayfitProcess.run(
            ["workouts", "list", "--date", "2026-03-30", "--data-dir", data], environment: Self.berlin)
        #expect(list.output.contains("2026-03-30 00:30"), "stdout: \(list.output)")
        #expect(!list.output.contains("2026-03-29 23:30"))
        let range = try await StayfitProcess.run(
            ["workouts", "list", "--from", "2026-03-29", "--to", "2026-03-30", "--data-dir", data],
            environment: Self.berlin)
        #expect(range.output.split(separator: "\n").count == 3, "stdout: \(range.output)")
    }

    @Test func theWeekShowsEachDaysRMSSDFromTheAllDayLogWhenMonitoringIsOn() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let store = try scratch.store()
        // Two hours on 21 and 22 Nov 2026 (Berlin), RR intervals alternating 800 and 820 / 1024 s: every successive
        // difference is 20 / 1024 s = 19.53 ms, so the RMSSD is 19.53 ms.
        for start: Int64 in [1_795_240_800, 1_795_327_200] {
            try await store.logHeartRate(
                (0..<7200).map {
                    HeartRateSecond(second: start + $0, beatsPerMinute: 75, rrIntervals1024: [$0 % 2 == 0 ? 800 : 820])
                })
        }
        let off = try await StayfitProcess.run(
            ["stats", "--date", "2026-11-23", "--json", "--data-dir", data], environment: Self.berlin)
        let offJSON = try #require(try JSONSerialization.jsonObject(with: Data(off.output.utf8)) as? [String: Any])
        #expect((offJSON["restingVariability"] as? [Any])?.isEmpty == true, "monitoring off: \(off.output)")
        let on = try await StayfitProcess.run(["profile", "set", "--heart-rate-monitoring", "on", "--data-dir", data])
        #expect(on.status == 0, "stderr: \(on.error)")
        let result = try await StayfitProcess.run(
            ["stats", "--date", "2026-11-23", "--data-dir", data], environment: Self.berlin)
        #expect(
            result.output.contains(
                "Heart-rate variability (RMSSD of the all-day log): Sat 21 Nov 20 ms, Sun 22 Nov 20 ms"),
            "stdout: \(result.output)")
    }

    @Test func weekBarsRenderToAPicture() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let store = try scratch.store()
        try await Self.storeWorkout(store, start: 1_795_154_400, seconds: 1800, speed: 3.0, kcal: 250)
        let svg = scratch.path("week.svg")
        let result = try await StayfitProcess.run(
            ["stats", "--date", "2026-11-23", "--svg", svg, "--data-dir", data], environment: Self.berlin)
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(try await Self.render(svg, in: scratch) > 5000)
        let nowhere = try await StayfitProcess.run(
            ["stats", "--svg", scratch.path("missing/week.svg"), "--data-dir", data])
        #expect(nowhere.status == 1)
        #expect(
            nowhere.error.contains(
                "cannot write \(scratch.path("missing/week.svg")): the folder \(scratch.path("missing")) does not exist"
            ),
            "stderr: \(nowhere.error)")
        #expect(nowhere.error.hasSuffix("; create it or give another path\n"))
        #expect(!nowhere.error.contains(".."))
    }

    @Test func aMonthIsDrawnAsDaysAYearAsMonthsAndAllTimeAsYears() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let store = try scratch.store()
        // Every day of November 2026 from the 1st to the 23rd at 07:00 in Berlin, two on the 10th, and one a year
        // in June 2023 and 2025.
        let first = 1_793_512_800.0  // 2026-11-01 07:00 CET
        for day in 0..<23 {
            try await Self.storeWorkout(
                store, start: first + Double(day) * 86_400, seconds: 1800 + day * 30, speed: 3.0, kcal: 250)
        }
        try await Self.storeWorkout(store, start: first + 9 * 86_400 + 36_000, seconds: 1200, speed: 3.0, kcal: 150)
        for start in [1_685_595_600.0, 1_748_754_000.0] {  // 2023-06-01 and 2025-06-01 07:00 CEST
            try await Self.storeWorkout(store, start: start, seconds: 3600, speed: 2.5, kcal: 500)
        }
        var labels: [String: [String]] = [:]
        for period in ["month", "year", "all"] {
            let svg = scratch.path("\(period).svg")
            let result = try await StayfitProcess.run(
                ["stats", "--period", period, "--date", "2026-11-23", "--svg", svg, "--data-dir", data],
                environment: Self.berlin)
            #expect(result.status == 0, "\(period): \(result.error)")
            #expect(try await Self.render(svg, in: scratch) > 5000)
            labels[period] = TextBox.elements(of: try String(contentsOfFile: svg, encoding: .utf8))?.texts.map(
                \.content)
        }
        // The 10th: 34:30 and 20:00 at 3 m/s are 6.21 + 3.6 km, 9.8 km in one bar, and the count under it.
        #expect(labels["month"]?.contains("9.8") == true, "\(labels["month"] ?? [])")
        #expect(labels["month"]?.contains("×2") == true, "\(labels["month"] ?? [])")
        #expect(labels["month"]?.contains("km per day") == true)
        let year = labels["year"] ?? []
        #expect(["Jan", "Jun", "Nov", "Dec", "km per month"].allSatisfy(year.contains), "\(year)")
        #expect(year.contains("24 workouts") || year.contains("×24"), "\(year)")
        #expect(["2023", "2024", "2025", "2026", "km per year"].allSatisfy { labels["all"]?.contains($0) == true })
        #expect(labels["all"]?.contains("2022") == false)
    }

    // MARK: - hr plot

    @Test func anHourOfHeartRateIsPlottedPerSecondAndADayPerMinute() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let store = try scratch.store()
        let start: Int64 = 1_795_413_600  // 2026-11-23 07:00 in Berlin
        try await store.logHeartRate(
            (0..<3600).map {
                HeartRateSecond(second: start + $0, beatsPerMinute: UInt8(60 + ($0 / 30) % 100), rrIntervals1024: [800])
            })
        let svg = scratch.path("hour.svg")
        let hour = try await StayfitProcess.run(
            ["hr", "plot", "--from", "2026-11-23 07:00", "--to", "2026-11-23 08:00", "--svg", svg, "--data-dir", data],
            environment: Self.berlin)
        #expect(hour.status == 0, "stderr: \(hour.error)")
        #expect(hour.output.contains("per second"))
        #expect(hour.output.contains("3600 points; lowest 60"))
        #expect(hour.output.contains("█"))
        #expect(hour.output.contains("07:00"))
        #expect(try await Self.render(svg, in: scratch) > 5000)
        let svgText = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(svgText.contains(">07:10<"), "hh:mm labels for an hour")

        let zoom = try await StayfitProcess.run(
            [
                "hr", "plot", "--around", "2026-11-23 07:30", "--span", "10m", "--svg", svg, "--force", "--data-dir",
                data,
            ],
            environment: Self.berlin)
        #expect(zoom.status == 0, "stderr: \(zoom.error)")
        #expect(zoom.output.contains("600 points"))
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains(">07:26:00<"), "hh:mm:ss labels zoomed in")

        let day = try await StayfitProcess.run(
            ["hr", "plot", "--from", "2026-11-23", "--to", "2026-11-24", "--json", "--data-dir", data],
            environment: Self.berlin)
        #expect(day.output.contains("\"resolution\" : \"minute\""))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(day.output.utf8)) as? [String: Any])
        #expect((json["points"] as? [Any])?.count == 60)

        let year = try await StayfitProcess.run(
            ["hr", "plot", "--from", "2026-01-01", "--to", "2027-01-01", "--svg", svg, "--force", "--data-dir", data],
            environment: Self.berlin)
        #expect(year.output.contains("per day"))
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains(">Jul-26<"), "MMM-yy labels for a year")
        #expect(try await Self.render(svg, in: scratch) > 5000)
    }

    @Test(arguments: [
        (["--span", "10x", "--around", "now"], "--span: \"10x\" is not a span of time"),
        (["--from", "2026-11-23", "--to", "2026-11-22"], "must be before --to"),
        (["--from", "yesterday 25:00"], "--from: \"yesterday 25:00\" is not a time"),
        (["--around", "now"], "--around and --span go together"),
        (["--from", "now", "--around", "now", "--span", "1h"], "not both"),
    ])
    func badRangesAreUsageErrorsThatSayHowToWriteThem(arguments: [String], message: String) async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(["hr", "plot", "--data-dir", scratch.path("data")] + arguments)
        #expect(result.status == 64, "stderr: \(result.error)")
        #expect(result.error.contains(message), "stderr: \(result.error)")
    }

    // MARK: - workouts

    @Test func showHasSplitsZonesAndAPageWithTheRoute() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let id = try await Self.storeWorkout(
            try scratch.store(), start: 1_795_154_400, seconds: 1500, speed: 2.5, kcal: 200)
        let svg = scratch.path("workout.svg")
        let result = try await StayfitProcess.run(
            ["workouts", "show", "\(id)", "--svg", svg, "--data-dir", data], environment: Self.berlin)
        #expect(result.status == 0, "stderr: \(result.error)")
        // 3750 m at 2.5 m/s: three kilometres of 6:40 and 750 m in 5:00.
        #expect(result.output.contains("    1  6:40  6:40 /km"), "stdout: \(result.output)")
        #expect(result.output.contains("    4 (0.75 km)  5:00"))
        #expect(result.output.contains("HR zones    of max 184 bpm"))  // 208 − 0.7 × 35 = 183.5 without a profile
        #expect(try await Self.render(svg, in: scratch) > 10_000)

        let config = try scratch.write("miles.toml", "[reports]\nunits = \"imperial\"\n")
        let miles = try await StayfitProcess.run(
            ["workouts", "show", "\(id)", "--config", config, "--data-dir", data], environment: Self.berlin)
        #expect(miles.output.contains("Splits      per mi"))
        #expect(miles.output.contains("    1  10:44  10:44 /mi"), "stdout: \(miles.output)")
        // The totals in miles too, as the splits beside them: 3750 m is 2.33 mi, 2.5 m/s is 5.6 mph.
        #expect(miles.output.contains("  Distance    2.33 mi\n"), "stdout: \(miles.output)")
        #expect(miles.output.contains("  Speed       avg 5.6 mph, "), "stdout: \(miles.output)")
        #expect(miles.output.contains("  Pace        10:44 /mi\n"), "stdout: \(miles.output)")
        #expect(!miles.output.contains("km"), "stdout: \(miles.output)")
    }

    @Test(arguments: [
        (["--today", "--date", "2026-11-23"], 64, "choose one of"),
        (["--date", "2026-02-30"], 64, "--date: \"2026-02-30\" is not a day"),
        (["--from", "2026-11-23", "--to", "2026-11-01"], 64, "is after --to"),
    ])
    func badDaysAreUsageErrors(arguments: [String], status: Int32, message: String) async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(["workouts", "list", "--data-dir", scratch.path("data")] + arguments)
        #expect(result.status == status, "stderr: \(result.error)")
        #expect(result.error.contains(message), "stderr: \(result.error)")
    }

    // MARK: - share

    @Test func shareTextFitsAPostUsesTheConfigurationAndLeavesTheLocationOut() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let id = try await Self.storeWorkout(
            try scratch.store(), start: 1_795_154_400, seconds: 1800, speed: 3, kcal: 250)
        let config = try scratch.write(
            "share.toml",
            "[reports]\nunits = \"imperial\"\n[plugins.share]\nhashtag = \"#StayFit\"\n"
                + "short-workout = \"Ran {distance} in {time}. {hashtag}\"\n"
        )
        let short = try await StayfitProcess.run(
            ["share", "workout", "\(id)", "--short", "--config", config, "--data-dir", data])
        #expect(short.status == 0, "stderr: \(short.error)")
        #expect(short.output == "Ran 3.36 mi in 30:00. #StayFit\n")
        let both = try await StayfitProcess.run(["share", "workout", "\(id)", "--json", "--data-dir", data])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(both.output.utf8)) as? [String: String])
        let shortText = try #require(json["short"])
        let longText = try #require(json["long"])
        #expect(shortText.count <= 280)
        #expect(longText.count > shortText.count)
        #expect(!both.output.contains("°") && !both.output.contains("52.5"))
        let located = try await StayfitProcess.run(
            ["share", "workout", "\(id)", "--long", "--with-location", "--data-dir", data])
        #expect(located.output.contains("Started at 52.5000° N, 13.4000° E."), "stdout: \(located.output)")

        let stats = try await StayfitProcess.run(
            ["share", "stats", "--period", "week", "--date", "2026-11-23", "--data-dir", data], environment: Self.berlin
        )
        #expect(stats.status == 0, "stderr: \(stats.error)")
        #expect(
            stats.output.contains(
                "The last 7 days (Tue 17 Nov – Mon 23 Nov 2026): 1 workout, 5.40 km, 30:00, 250 kcal."))
    }

    @Test func aTemplateWithAnUnknownPlaceholderIsAConfigurationError() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("bad.toml", "[plugins.share]\nshort-stats = \"{perod}: {workouts}\"\n")
        let result = try await StayfitProcess.run(
            ["share", "stats", "--config", config, "--data-dir", scratch.path("data")])
        #expect(result.status == 78, "stderr: \(result.error)")
        #expect(
            result.error.contains("bad.toml:2: plugins.share.short-stats: unknown placeholder {perod}"),
            "\(result.error)")
    }
}
