import Foundation
import HubCore
import HubStore
import Testing

/// `stayfit profile reset` (the seed app's reset of the profile) and the words for an empty field.
@Suite struct ProfileResetTests {
    @Test func profileResetDeletesTheProfileAndKeepsTheGoals() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        #expect(try await StayfitProcess.run(["goals", "set", "distance", "5km", "--data-dir", data]).status == 0)

        let reset = try await StayfitProcess.run(["profile", "reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        #expect(reset.output.contains("Profile deleted."), "\(reset.output)")
        let store = try scratch.store()
        #expect(try await store.profile() == nil)
        #expect(try await store.rowCounts()["goals"] == 1, "the goal stays")

        let again = try await StayfitProcess.run(["profile", "reset", "--yes", "--data-dir", data])
        #expect(again.status == 0)
        #expect(again.output.contains("There is no profile to reset"), "\(again.output)")
    }

    @Test func profileResetWithoutATerminalOrYesDeletesNothing() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let refused = try await StayfitProcess.run(["profile", "reset", "--data-dir", data])
        #expect(refused.status == 64)
        #expect(refused.error.contains("add --yes"), "\(refused.error)")
        #expect(try await scratch.store().profile() != nil)
    }

    @Test(arguments: [true, false])
    func anEmptyNameIsCalledAnEmptyName(withStoredProfile: Bool) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        if withStoredProfile { #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0) }
        let result = try await StayfitProcess.run(["profile", "set", "--name", "", "--data-dir", data])
        #expect(result.status == 65)
        #expect(
            result.error == "error: Enter Name: the name is empty; give one, e.g. --name \"Alex\".\n",
            "stderr: \(result.error)")
    }
}
