import BlueZTestKit
import Foundation
import HubStore
import Testing

/// `stayfit people`: adding, listing, showing, renaming, using and removing people, and what each refuses.
@Suite struct PeopleCLITests {
    @Test func addListShowRenameAndUse() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let alex = try await StayfitProcess.run([
            "people", "add", "Alex", "--birth-date", "1990-04-21", "--gender", "female", "--height", "168", "--weight",
            "61", "--ftp", "210", "--data-dir", data,
        ])
        #expect(alex.status == 0, "stderr: \(alex.error)")
        #expect(alex.output.contains("Added Alex. The hub records for them."), "\(alex.output)")
        let sam = try await StayfitProcess.run(["people", "add", "  Sam ", "--data-dir", data])
        #expect(sam.status == 0, "stderr: \(sam.error)")
        #expect(sam.output == "Added Sam.\n", "\(sam.output)")

        let list = try await StayfitProcess.run(["people", "list", "--data-dir", data])
        #expect(list.status == 0, "stderr: \(list.error)")
        let rows = list.output.split(separator: "\n").map(String.init)
        #expect(rows.count == 3, "\(list.output)")
        #expect(rows.dropFirst().first?.hasPrefix("* Alex") == true, "\(list.output)")
        #expect(rows.dropFirst().first?.contains("61 kg") == true, "\(list.output)")
        #expect(rows.last?.hasPrefix("  Sam") == true, "\(list.output)")

        let json = try await StayfitProcess.run(["people", "list", "--json", "--data-dir", data])
        #expect(json.status == 0, "stderr: \(json.error)")
        let listed = try JSONDecoder().decode([Person].self, from: Data(json.output.utf8))
        #expect(listed.map(\.name) == ["Alex", "Sam"] && listed.map(\.isCurrent) == [true, false])
        #expect(listed.first?.profile?.ftpWatts == 210 && listed.last?.profile == nil)

        let show = try await StayfitProcess.run(["people", "show", "alex", "--data-dir", data])
        #expect(show.status == 0, "stderr: \(show.error)")
        #expect(show.output.contains("Alex (current)") && show.output.contains("FTP                    210 W"))
        #expect(show.output.contains("Workouts               0"), "\(show.output)")

        let renamed = try await StayfitProcess.run(["people", "rename", "sam", "Samira", "--data-dir", data])
        #expect(renamed.status == 0, "stderr: \(renamed.error)")
        let use = try await StayfitProcess.run(["people", "use", "SAMIRA", "--data-dir", data])
        #expect(use.status == 0, "stderr: \(use.error)")
        #expect(use.output.contains("now records for Samira"), "\(use.output)")
        #expect(try await scratch.store().currentPerson()?.name == "Samira")

        // The next workout is Samira's, and `workouts` shows hers only.
        #expect(try await StayfitProcess.run(["demo", "--minutes", "1", "--data-dir", data]).status == 0)
        let store = try scratch.store()
        let samira = try #require(try await store.person(named: "Samira"))
        #expect(try await store.belongings(of: samira.id).workouts == 1)
        let shown = try await StayfitProcess.run(["people", "show", "Samira", "--data-dir", data])
        #expect(shown.output.contains("Workouts               1"), "\(shown.output)")
        #expect(shown.output.contains("Profile                not set"), "\(shown.output)")
    }

    @Test(arguments: [
        (["people", "add", ""], "cannot be empty"),
        (["people", "add", String(repeating: "x", count: 10_000)], "at most 60 characters"),
        (["people", "add", "\u{1}\u{2}\u{3}"], "control characters"),
        (["people", "add", "ALEX"], "already a person called \"Alex\""),
        (["people", "add", "Kim", "--birth-date", "1990-04-21"], "Select Gender"),
        (
            [
                "people", "add", "Kim", "--birth-date", "1990-04-21", "--gender", "male", "--height", "abc", "--weight",
                "70",
            ],
            "Enter Proper Height"
        ),
        (["people", "add", "Kim", "--ftp", "700"], "Select DOB"),
        (["people", "rename", "Alex", ""], "cannot be empty"),
        (["people", "rename", "Kim", "Kit"], "nobody called \"Kim\""),
        (["people", "show", "Kim"], "nobody called \"Kim\""),
        (["people", "use", "Kim"], "nobody called \"Kim\""),
        (["people", "remove", "Kim", "--yes"], "nobody called \"Kim\""),
    ])
    func badInputIsRefusedAsBadDataAndNothingIsWritten(arguments: [String], message: String) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["people", "add", "Alex", "--data-dir", data]).status == 0)
        let result = try await StayfitProcess.run(arguments + ["--data-dir", data])
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: ") && result.error.contains(message), "stderr: \(result.error)")
        #expect(result.error.count < 400, "the name is not echoed whole: \(result.error.count) characters")
        #expect(try await scratch.store().people().map(\.name) == ["Alex"])
    }

    @Test func removeSaysWhatGoesAndDeletesOnlyTheirs() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        for name in ["Alex", "Sam"] {
            #expect(try await StayfitProcess.run(["people", "add", name, "--data-dir", data]).status == 0)
            #expect(try await StayfitProcess.run(["people", "use", name, "--data-dir", data]).status == 0)
            #expect(try await StayfitProcess.run(["goals", "set", "distance", "5km", "--data-dir", data]).status == 0)
            #expect(try await StayfitProcess.run(["demo", "--minutes", "1", "--data-dir", data]).status == 0)
        }

        // Without a terminal to confirm on and without --yes: a usage error, nothing deleted.
        let refused = try await StayfitProcess.run(["people", "remove", "Sam", "--data-dir", data])
        #expect(refused.status == 64)
        #expect(refused.error.contains("add --yes"), "\(refused.error)")
        #expect(try await scratch.store().people().count == 2)

        let removed = try await StayfitProcess.run(["people", "remove", "sam", "--yes", "--data-dir", data])
        #expect(removed.status == 0, "stderr: \(removed.error)")
        #expect(removed.output.contains("Removed Sam and deleted 1 workout and 1 goal"), "\(removed.output)")
        let store = try scratch.store()
        #expect(try await store.people().map(\.name) == ["Alex"])
        #expect(try await store.currentPerson()?.name == "Alex")
        #expect(try await store.workouts().count == 1)
        #expect(try await store.activeGoal() == Goal(kind: .distance, target: 5_000))
    }

    @Test func removeOnATerminalSaysWhatGoesAndAsksFirst() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        for arguments in [["add", "Alex"], ["add", "Sam"], ["use", "Sam"]] {
            #expect(try await StayfitProcess.run(["people"] + arguments + ["--data-dir", data]).status == 0)
        }
        #expect(try await StayfitProcess.run(["goals", "set", "distance", "5km", "--data-dir", data]).status == 0)
        #expect(try await StayfitProcess.run(["demo", "--minutes", "1", "--data-dir", data]).status == 0)

        for (answer, said, left) in [("n", "Sam kept; nothing deleted.", 2), ("y", "Removed Sam and deleted", 1)] {
            let terminal = try PseudoTerminal()
            let process = try ChildProcess.spawn(
                StayfitProcess.binary.path, ["people", "remove", "Sam", "--data-dir", data], stdin: terminal.replica,
                stdout: terminal.replica)
            terminal.closeReplica()  // the child has its own copy; the end of its output is then seen as EIO
            defer { process.stop() }
            let prompt = try await terminal.read(until: { $0.contains("[y/N]") }, timeout: TestDeadline.hang)
            #expect(prompt.contains("This removes Sam and deletes 1 workout and 1 goal. Remove them?"), "\(prompt)")
            terminal.type("\(answer)\n")
            let reply = try await terminal.read(until: { $0.contains(said) }, timeout: TestDeadline.hang)
            #expect(try await process.termination(within: TestDeadline.hang) == .exited(0), "\(reply)")
            #expect(try await scratch.store().people().count == left)
        }
    }

    @Test func removingThePersonWhoseWorkoutIsBeingRecordedIsRefused() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let store = try scratch.store()
        try await store.addPerson(named: "Alex")
        try await store.addPerson(named: "Sam")
        try await store.setCurrentPerson(named: "Sam")
        let workout = try await store.startWorkout(at: Date(), goal: nil)

        let refused = try await StayfitProcess.run(["people", "remove", "Sam", "--yes", "--data-dir", data])
        #expect(refused.status == 65)
        #expect(refused.error.contains("workout \(workout) is being recorded"), "\(refused.error)")
        #expect(try await store.people().count == 2)
        #expect(try await store.workout(workout) != nil)
    }

    @Test func profileSetGivesAPersonAddedByNameTheirProfile() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["people", "add", "Kim", "--data-dir", data]).status == 0)
        let set = try await StayfitProcess.run([
            "profile", "set", "--birth-date", "1990-04-21", "--gender", "other", "--height", "170", "--weight", "65",
            "--data-dir", data,
        ])
        #expect(set.status == 0, "stderr: \(set.error)")
        #expect(try await scratch.store().profile()?.name == "Kim")

        #expect(try await StayfitProcess.run(["people", "add", "Lee", "--data-dir", data]).status == 0)
        let taken = try await StayfitProcess.run(["profile", "set", "--name", "lee", "--data-dir", data])
        #expect(taken.status == 65)
        #expect(taken.error.contains("already a person called \"Lee\""), "\(taken.error)")
    }
}
