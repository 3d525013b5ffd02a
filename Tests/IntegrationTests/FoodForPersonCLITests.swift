import Foundation
import HubStore
import Testing

/// `--person NAME` on `today`, `food`, `weight` and `stats food`: one person logs for themselves while another is
/// current, and who is current does not change.
@Suite(.serialized) struct FoodForPersonCLITests {
    private func stayfit(_ arguments: [String], _ data: String) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await StayfitProcess.run(arguments + ["--data-dir", data])
    }

    /// Sam (added first) is current; Kim logs with `--person Kim`.
    private func samAndKim(_ data: String) async throws {
        let sam = ["people", "add", "Sam", "--birth-date", "1990-04-21", "--gender", "female", "--height", "168"]
        #expect(try await stayfit(sam + ["--weight", "61"], data).status == 0)
        let kim = ["people", "add", "Kim", "--birth-date", "1992-06-30", "--gender", "male", "--height", "181"]
        #expect(try await stayfit(kim + ["--weight", "77"], data).status == 0)
    }

    @Test func kimLogsHerFoodWhileSamIsCurrentAndEachSeesOnlyTheirOwnDay() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try await samAndKim(data)
        let kims = try await stayfit(["food", "add", "350", "kcal", "--meal", "lunch", "--person", "kim"], data)
        #expect(kims.status == 0, "\(kims.error)")
        #expect(try await stayfit(["food", "add", "500", "kcal", "--meal", "dinner"], data).status == 0)

        let samsDay = try await stayfit(["today"], data)
        #expect(samsDay.output.contains("500 kcal  (breakfast 0, lunch 0, dinner 500, snack 0)"), "\(samsDay.output)")
        let kimsDay = try await stayfit(["today", "--person", "Kim"], data)
        #expect(kimsDay.status == 0, "\(kimsDay.error)")
        #expect(kimsDay.output.contains("350 kcal  (breakfast 0, lunch 350, dinner 0, snack 0)"), "\(kimsDay.output)")
        // Kim's basal rate, a man's of 77 kg and 181 cm: 770 + 1,131.25 − 5 × his age + 5 (1,736 at 34).
        let calendar = Calendar(identifier: .gregorian)
        let born = try #require(calendar.date(from: DateComponents(year: 1992, month: 6, day: 30)))
        let age = try #require(calendar.dateComponents([.year], from: born, to: Date()).year)
        let rate: Double = 770 + 1131.25 + 5 - 5 * Double(age)
        let basal = Int(rate.rounded())
        #expect(kimsDay.output.contains("= \(basal) basal × 1.2 (sedentary)"), "\(kimsDay.output)")

        let kimsList = try await stayfit(["food", "list", "--person", "KIM"], data)
        #expect(kimsList.output.contains("Total: 350 kcal") && !kimsList.output.contains("500"), "\(kimsList.output)")
        let kimsStats = try await stayfit(["stats", "food", "--period", "day", "--person", "Kim"], data)
        #expect(kimsStats.status == 0, "\(kimsStats.error)")
        #expect(kimsStats.output.contains("     350"), "\(kimsStats.output)")
        // Sam's entry is number 2: Kim cannot remove it.
        let notHers = try await stayfit(["food", "remove", "2", "--person", "Kim"], data)
        #expect(notHers.status == 65 && notHers.error.contains("there is no entry 2"), "\(notHers.error)")

        let people = try await stayfit(["people", "list"], data)
        #expect(people.output.contains("* Sam"), "Sam stays current: \(people.output)")
    }

    @Test func kimsWeighingIsHersAndHerFavouritesAndFoodsToo() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try await samAndKim(data)
        let weighed = try await stayfit(["weight", "76.5", "--person", "Kim"], data)
        #expect(weighed.status == 0 && weighed.output.contains("Logged 76.5 kg."), "\(weighed.error)")
        #expect(try await stayfit(["weight"], data).output.contains("No weighings yet."))
        let store = try scratch.store()
        let weights = try await store.people().map { $0.profile?.weightKilograms }
        #expect(weights == [61, 76.5])

        let added = try await stayfit(["food", "new", "kims bar", "--kcal", "400", "--person", "Kim"], data)
        #expect(added.status == 0, "\(added.error)")
        #expect(try await stayfit(["food", "favourite", "banana", "--person", "Kim"], data).status == 0)
        let hers = try await stayfit(["food", "search", "kims", "bar", "--person", "Kim"], data)
        #expect(hers.output.hasPrefix("kims bar: 400 kcal per 100 g"), "\(hers.output)")
        let bananas = try await stayfit(["food", "search", "banana", "--person", "Kim"], data)
        #expect(bananas.output.hasPrefix("banana, raw ★"), "\(bananas.output)")
        let samsBananas = try await stayfit(["food", "search", "banana"], data)
        #expect(!samsBananas.output.contains("★"), "\(samsBananas.output)")
        #expect(try await store.ownFoods().isEmpty, "Sam, the current person, has no food of Kim's")
    }

    @Test(arguments: [
        ["today"], ["food", "add", "350", "kcal"], ["food", "list"], ["food", "search", "milk"],
        ["food", "remove", "1"], ["food", "new", "bar", "--kcal", "300"], ["food", "favourite", "banana"],
        ["weight", "70"], ["stats", "food"],
    ])
    func anUnknownPersonIsRefusedWithWhoThereIsAndNothingIsWritten(_ arguments: [String]) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try await samAndKim(data)
        let refused = try await stayfit(arguments + ["--person", "Kimm"], data)
        #expect(refused.status == 65, "\(arguments): \(refused.error)")
        #expect(
            refused.error.contains(
                "there is nobody called \"Kimm\" on this hub; there are Sam and Kim. Add a person with: stayfit people "
                    + "add NAME"), "\(arguments): \(refused.error)")
        let store = try scratch.store()
        let counts = try await store.rowCounts()
        #expect(counts["food_log"] ?? 0 == 0 && counts["weights"] ?? 0 == 0 && counts["own_foods"] ?? 0 == 0)
        #expect(try await store.favouriteFoods().isEmpty)
    }
}
