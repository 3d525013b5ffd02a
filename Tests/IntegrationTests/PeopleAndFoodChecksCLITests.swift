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
}
