import Foundation
import Testing

/// `stayfit reset` says everything it deletes: the all-day heart-rate log and the remembered strap too.
@Suite struct ResetWordingTests {
    @Test func theHelpNamesTheHeartRateLogAndTheStrap() async throws {
        let help = try await StayfitProcess.run(["reset", "--help"])
        #expect(help.status == 0)
        let text = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("the all-day heart-rate log and the remembered strap"), "\(help.output)")
    }

    @Test func aResetWithYesSaysWhatItDeleted() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        #expect(
            reset.output
                == "Deleted your profile, goals, reminders, programs and votes, the all-day heart-rate log and the "
                + "remembered strap.\n",
            "\(reset.output)")
    }

    @Test func theWorkoutsAreCountedWhenThereAreSome() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["demo", "--minutes", "1", "--data-dir", data]).status == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        #expect(
            reset.output.hasPrefix(
                "Deleted your profile, goals, reminders, programs and votes, the 1 workout, the all-day heart-rate log"),
            "\(reset.output)")
    }
}
