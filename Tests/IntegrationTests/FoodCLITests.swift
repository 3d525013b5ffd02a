import Foundation
import HubStore
import PictureTestKit
import Testing

/// `stayfit today`, `food` and `weight` as a person uses them, on the sample profile: a woman of 36 (born
/// 1990-04-21), 168 cm, 61 kg, whose basal rate is 610 + 1,050 − 180 − 161 = 1,319 kcal a day.
@Suite(.serialized) struct FoodCLITests {
    private func stayfit(_ arguments: [String], _ data: String) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await StayfitProcess.run(arguments + ["--data-dir", data])
    }

    @Test func aDayOfEatingIsLoggedAndWhatIsLeftIsSaid() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        // 1,319 × 1.55 = 2,044.45, less 275 (0.25 kg a week × 7,700 / 7): 1,769.
        let set = try await stayfit(["today", "--activity", "moderate", "--goal", "lose 0.25"], data)
        #expect(set.status == 0, "\(set.error)")
        #expect(
            set.output.contains("Target    1769 kcal  = 1319 basal × 1.55 (moderate) − 275 to lose 0.25 kg a week"),
            "\(set.output)")
        #expect(set.output.contains("You have 1769 calories left today."), "\(set.output)")

        // 290 g of porridge with semi-skimmed milk at 97 kcal per 100 g: 281.
        let porridge = try await stayfit(
            ["food", "add", "porrige", "semi", "--portion", "1 bowl", "--meal", "breakfast"], data)
        #expect(porridge.status == 0, "\(porridge.error)")
        #expect(
            porridge.output.contains(
                "Logged porridge (oatmeal), cooked with semi-skimmed milk (290 g) for breakfast: 281 kcal. Entry 1."),
            "\(porridge.output)")
        #expect(try await stayfit(["food", "add", "350", "kcal", "--meal", "lunch"], data).status == 0)
        let today = try await stayfit(["today"], data)
        #expect(today.output.contains("631 kcal  (breakfast 281, lunch 350, dinner 0, snack 0)"), "\(today.output)")
        #expect(today.output.contains("You have 1138 calories left today."), "\(today.output)")
        // 1.6 × 61 kg = 97.6 g of protein; 30 % of 1,769 kcal is 530.7 kcal, 59.0 g of fat; carbohydrate the rest,
        // (1,769 − 390.4 − 530.7) / 4 = 212.0 g.
        for target in [["Protein", "of  98 g"], ["Carbohydrate", "of 212 g"], ["Fat", "of  59 g"]] {
            let line = today.output.split(separator: "\n").first { $0.hasPrefix("  \(target[0]) ") }
            #expect(line?.hasSuffix(target[1]) == true, "\(today.output)")
        }

        let list = try await stayfit(["food", "list"], data)
        #expect(
            list.output.contains("Breakfast: 281 kcal") && list.output.contains("Total: 631 kcal"), "\(list.output)")
        #expect(try await stayfit(["food", "remove", "2"], data).output.contains("Removed 350 kcal from "))
        #expect(try await stayfit(["today"], data).output.contains("You have 1488 calories left today."))
        let stats = try await stayfit(["stats", "food", "--period", "day"], data)
        #expect(stats.status == 0, "\(stats.error)")
        #expect(stats.output.contains("     281    1769    1488"), "\(stats.output)")
        #expect(stats.output.contains("A day, on average over 1 logged day: breakfast 281, lunch 0"), "\(stats.output)")
        #expect(
            stats.output.contains("Targets a day: protein 98 g, carbohydrate 212 g, fat 59 g"), "\(stats.output)")
        let missing = try await stayfit(["food", "remove", "2"], data)
        #expect(missing.status == 65 && missing.error.contains("there is no entry 2"), "\(missing.error)")
    }

    @Test func aWeekOfFoodIsDrawnWithTheWeightAndADayIsRefused() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        #expect(try await stayfit(["food", "add", "800", "kcal", "--meal", "lunch"], data).status == 0)
        #expect(try await stayfit(["weight", "60.5"], data).status == 0)
        let svg = scratch.path("food.svg")
        let drawn = try await stayfit(["stats", "food", "--period", "week", "--svg", svg], data)
        #expect(drawn.status == 0, "\(drawn.error)")
        #expect(drawn.output.contains("Picture written to \(svg)."), "\(drawn.output)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // Today's bar of 800 kcal beside its target, the weighing's dot, and the kilogram axis.
        #expect(text.contains("fill=\"#1565c0\"") && text.contains("<circle"), "\(text)")
        let labels = try #require(TextBox.elements(of: text)?.texts).map(\.content)
        #expect(labels.contains("kg") && labels.contains { $0.hasPrefix("1 logged day  ·  800 kcal a day eaten") })
        let picture = try await RenderedPicture(svg: text)
        #expect(picture.problems.isEmpty, "\(picture.problems)")

        let day = try await stayfit(["stats", "food", "--period", "day", "--svg", scratch.path("day.svg")], data)
        #expect(day.status == 64 && day.error.contains("stats food draws a week or a month"), "\(day.error)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("day.svg")))
    }

    @Test func ownFoodsAndFavouritesComeFirst() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let added = try await stayfit(
            [
                "food", "new", "my protein bar", "--kcal", "380", "--protein", "30", "--carbs", "40", "--fat", "12",
                "--portion", "1 bar=45",
            ], data)
        #expect(added.status == 0, "\(added.error)")
        let search = try await stayfit(["food", "search", "prot", "bar"], data)
        #expect(
            search.output.split(separator: "\n").first?.hasPrefix("my protein bar: 380 kcal per 100 g; 1 bar (45 g)")
                == true, "\(search.output)")
        // Without an amount, the food's first portion: 45 g at 380 per 100 g is 171.
        let logged = try await stayfit(["food", "add", "my", "protein", "bar", "--meal", "snack"], data)
        #expect(logged.output.contains("Logged my protein bar (45 g) for snack: 171 kcal."), "\(logged.output)")
        #expect(
            try await stayfit(["food", "favourite", "almond", "milk"], data).output.contains(
                "almond milk, unsweetened is a favourite."))
        let milk = try await stayfit(["food", "search", "milk"], data)
        #expect(
            milk.output.split(separator: "\n").first?.hasPrefix("almond milk, unsweetened ★") == true, "\(milk.output)")
    }

    @Test(arguments: [
        (["food", "add", "banana", "--grams=-5"], Int32(65), "is not a helping"),
        (["food", "add", "banana", "--grams", "20000"], 65, "is not a helping"),
        (["food", "add", "banana", "--portion", "1 loaf"], 65, "banana, raw has no portion \"loaf\""),
        (["food", "add", "xyzzyq"], 65, "no food called xyzzyq"),
        (["food", "add", "30000", "kcal"], 65, "30000 kcal is not what a meal gives"),
        (["food", "add"], 64, "say what you ate"),
        (["food", "add", "banana", "--meal", "brunch"], 65, "\"brunch\" is no meal"),
        (["food", "new", " ", "--kcal", "10"], 65, "a food needs a name"),
        (
            ["food", "new", "odd", "--kcal", "400", "--protein", "60", "--carbs", "50"], 65,
            "add up to 110.0 g in 100 g"
        ),
        (["food", "new", "odd", "--kcal", "1000"], 65, "is not a food's energy"),
        (["food", "new", String(repeating: "a", count: 10_000), "--kcal", "10"], 65, "at most 100 characters"),
        (["weight", "1000"], 65, "is not a weight"),
        (["weight", "nan"], 65, "is not a weight"),
        (["weight", "-5"], 65, "-5.0 kg is not a weight. Give 20 to 400 kg."),
        (["weight", "80,5"], 65, "\"80,5\" is not a weight: write the number with a point, not a comma, e.g. 72.4"),
        (["weight", "0x50"], 65, "\"0x50\" is not a weight: give a plain number, e.g. 72.4"),
        (["weight", "80", "5"], 64, "give one weight"),
        (["food", "add", "banana", "--grams", "-5"], 65, "-5.0 g is not a helping"),
        (["food", "add", "banana", "--grams", "100,5"], 65, "write the number with a point, not a comma, e.g. 250"),
        (["food", "new", "350 kcal", "--kcal", "100"], 65, "could never be logged"),
        (["food", "new", "evil\u{202E}gpj.exe", "--kcal", "100"], 65, "not \"evil\\u{202E}gpj.exe\""),
        (["today", "--goal", "lose 3"], 64, "lose 3 kg a week is not a rate the hub plans for"),
        (["today", "--activity", "lazy"], 64, "--activity must be one of"),
        (["food", "list", "--date", "2026-13-45"], 64, "is not a date"),
    ])
    func badInputIsRefusedWithWhatIsWrong(arguments: [String], status: Int32, message: String) async throws {
        let scratch = try Scratch()
        let result = try await stayfit(arguments, scratch.path("data"))
        #expect(result.status == status, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
    }

    @Test func aWeighingIsLoggedBecomesTheProfilesWeightAndWaitsForATrend() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let weighed = try await stayfit(["weight", "60.4"], data)
        #expect(weighed.status == 0, "\(weighed.error)")
        #expect(weighed.output.contains("Logged 60.4 kg."))
        #expect(weighed.output.contains("60.4 kg; a trend needs weighings a week or more apart."))
        #expect(try await scratch.store().profile()?.weightKilograms == 60.4)
    }
}

/// Days are the person's local days, whatever the time zone and its clock changes.
@Suite(.serialized) struct FoodLocalDayCLITests {
    /// Kiritimati is 14 hours ahead of UTC and Etc/GMT+12 12 hours behind: their dates always differ.
    @Test func aFoodIsLoggedForTheLocalDay() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let ahead = ["TZ": "Pacific/Kiritimati"], behind = ["TZ": "Etc/GMT+12"]
        let logged = try await StayfitProcess.run(
            ["food", "add", "350", "kcal", "--meal", "lunch", "--data-dir", data], environment: ahead)
        #expect(logged.status == 0, "\(logged.error)")
        let there = try await StayfitProcess.run(["food", "list", "--data-dir", data], environment: ahead)
        #expect(there.output.contains("Total: 350 kcal"), "\(there.output)")
        let elsewhere = try await StayfitProcess.run(["food", "list", "--data-dir", data], environment: behind)
        #expect(elsewhere.output.hasPrefix("Nothing logged on "), "\(elsewhere.output)")
    }

    /// Berlin's clocks went back on 25 October 2026 (a day of 25 hours); the week to 1 November crosses it and the
    /// month's end.
    @Test func aWeekAcrossAClockChangeAndAMonthsEndHasEachDayOnce() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let store = try scratch.store()
        let noon = Date(timeIntervalSince1970: 1_792_000_000)
        for (day, kcal) in [("2026-10-25", 1800), ("2026-10-31", 2100), ("2026-11-01", 1500), ("2026-11-02", 900)] {
            try await store.logFood(
                FoodEntry(eatenAt: noon, day: day, meal: "dinner", food: "\(kcal) kcal", grams: nil, kilocalories: kcal)
            )
        }
        let berlin = ["TZ": "Europe/Berlin"]
        let week = try await StayfitProcess.run(
            ["stats", "food", "--period", "week", "--date", "2026-10-31", "--data-dir", data], environment: berlin)
        #expect(week.status == 0, "\(week.error)")
        let rows = week.output.split(separator: "\n").filter { $0.hasPrefix("2026-") }
        #expect(rows.map { String($0.prefix(10)) } == (25...31).map { "2026-10-\($0)" }, "\(week.output)")
        #expect(rows.first?.contains("1800") == true && rows.last?.contains("2100") == true, "\(week.output)")
        let month = try await StayfitProcess.run(
            ["stats", "food", "--period", "week", "--date", "2026-11-01", "--data-dir", data], environment: berlin)
        let monthRows = month.output.split(separator: "\n").filter { $0.hasPrefix("2026-") }
        #expect(monthRows.map { String($0.prefix(10)) }.last == "2026-11-01", "\(month.output)")
        #expect(monthRows.first { $0.hasPrefix("2026-10-31") }?.contains("2100") == true, "\(month.output)")
        #expect(!month.output.contains("900"), "the 2nd of November is after the week")
    }
}
