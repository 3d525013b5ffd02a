import Foundation
import Testing

@testable import stayfit

/// `stayfit reset` says everything it deletes: every person and what is theirs, the workouts, the programs, the
/// all-day heart-rate log and the remembered straps and sensors.
@Suite struct ResetWordingTests {
    @Test func theHelpNamesThePeopleTheirFoodTheHeartRateLogAndTheStraps() async throws {
        let help = try await StayfitProcess.run(["reset", "--help"])
        #expect(help.status == 0)
        let text = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(
            text.contains(
                "every person with their profile, goals, reminders, food and weight logs, own foods and favourites"),
            "\(help.output)")
        #expect(text.contains("the all-day heart-rate log; and the remembered straps and sensors"), "\(help.output)")
        #expect(!text.contains("your profile"), "\(help.output)")
    }

    @Test func aResetWithYesSaysWhatItDeleted() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        #expect(
            reset.output
                == "Deleted the 1 person on this hub with their profile, goals, reminders, food and weight logs, own "
                + "foods and favourites; the programs made here and the votes; the all-day heart-rate log; and the "
                + "remembered straps and sensors.\n",
            "\(reset.output)")
    }

    @Test func thePeopleAndTheWorkoutsAreCountedWhenThereAreSome() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["people", "add", "Sam", "--data-dir", data]).status == 0)
        #expect(try await StayfitProcess.run(["people", "add", "Kim", "--data-dir", data]).status == 0)
        #expect(try await StayfitProcess.run(["demo", "--minutes", "1", "--data-dir", data]).status == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        #expect(
            reset.output.hasPrefix(
                "Deleted all 2 people on this hub with their profiles, goals, reminders, food and weight logs, own "
                    + "foods and favourites; the 1 workout; the programs made here"),
            "\(reset.output)")
        #expect(try await scratch.store().rowCounts().values.allSatisfy { $0 == 0 })
    }

    @Test func aHubWithNobodyYetIsToldWhatItHolds() {
        #expect(
            ResetCommand.whatIsDeleted(people: 0, workouts: 0)
                == "the goals, reminders, food and weight logs, own foods and favourites; the programs made here and "
                + "the votes; the all-day heart-rate log; and the remembered straps and sensors")
    }
}
