import Foundation
import HubStore
import Testing

/// What a household meets beyond the happy path: removing someone says their food and weight go too, a food of
/// one's own is not replaced by surprise, and a day before a person's first birthday has no target.
@Suite struct PeopleAndFoodChecksCLITests {
    private func stayfit(_ arguments: [String], _ data: String) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await StayfitProcess.run(arguments + ["--data-dir", data])
    }

    @Test func removingSomeoneSaysTheirFoodWeighingsAndOwnFoodsGoWithThem() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        #expect(try await stayfit(["people", "add", "Sam"], data).status == 0)
        for arguments in [
            ["food", "add", "350", "kcal"], ["food", "add", "banana"], ["weight", "80"],
            ["food", "new", "sams bar", "--kcal", "400"],
        ] {
            let done = try await stayfit(arguments + ["--person", "Sam"], data)
            #expect(done.status == 0, "\(arguments): \(done.error)")
        }
        let shown = try await stayfit(["people", "show", "Sam"], data)
        #expect(shown.output.contains("Food log entries       2"), "\(shown.output)")
        #expect(shown.output.contains("Weighings              1"), "\(shown.output)")

        let removed = try await stayfit(["people", "remove", "Sam", "--yes"], data)
        #expect(removed.status == 0, "\(removed.error)")
        #expect(
            removed.output.contains("Removed Sam and deleted 2 food log entries, 1 weighing and 1 own food."),
            "\(removed.output)")
        let counts = try await scratch.store().rowCounts()
        #expect(counts["food_log"] == 0 && counts["weights"] == 0 && counts["own_foods"] == 0)
    }

    @Test func aFoodOfOnesOwnIsReplacedOnlyWhenAsked() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let bar = ["food", "new", "my bar", "--kcal", "380", "--protein", "30", "--portion", "1 bar=45"]
        #expect(try await stayfit(bar, data).output.contains("Added my bar: 380 kcal per 100 g."))

        let again = try await stayfit(["food", "new", "MY BAR", "--kcal", "100"], data)
        #expect(again.status == 65)
        #expect(
            again.error.contains("you already have a food called my bar (380 kcal per 100 g)")
                && again.error.contains("--replace"), "\(again.error)")
        let kept = try await scratch.store().ownFoods()
        #expect(kept.map(\.kilocaloriesPer100Grams) == [380] && kept.first?.portions.isEmpty == false)

        let replaced = try await stayfit(["food", "new", "my bar", "--kcal", "100", "--replace"], data)
        #expect(replaced.output.contains("Replaced my bar: 100 kcal per 100 g."), "\(replaced.error)")
        #expect(try await scratch.store().ownFoods().map(\.kilocaloriesPer100Grams) == [100])
    }

    @Test func aDayBeforeTheFirstBirthdayHasNoTargetAndSaysWhy() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let day = try await stayfit(["today", "--date", "1990-01-01"], data)
        #expect(day.status == 0, "\(day.error)")
        #expect(
            day.output.contains("Target   unknown: 1990-01-01 is before your first birthday (born 1990-04-21)"),
            "\(day.output)")
    }

    @Test(arguments: ["\u{FEFF}", "Eve\u{202E}live"])
    func aNameThatCannotBeSeenAsItselfIsRefusedAndNothingIsWritten(_ name: String) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let added = try await stayfit(["people", "add", name], data)
        #expect(added.status == 65, "\(added.output)")
        #expect(added.error.contains("a person's name cannot"), "\(added.error)")
        #expect(try await scratch.store().people().isEmpty)
    }
}
