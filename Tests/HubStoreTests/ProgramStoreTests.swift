import Foundation
import HubStore
import HubTestKit
import Testing

/// The programs table: built-ins kept in step with the module, votes, personal programs, hiding and deleting.
@Suite struct ProgramStoreTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url.appendingPathComponent("data"))
    }

    static let builtIns = [
        HubStore.BuiltInProgramText(id: "easy-ride", name: "Easy ride", kind: .ride, text: "name = \"Easy ride\"\n"),
        HubStore.BuiltInProgramText(id: "five-by-five", name: "5 x 5", kind: .strength, text: "name = \"5 x 5\"\n"),
    ]

    @Test func builtInsAppearOnceAndKeepTheirVotesWhenTheirTextChanges() async throws {
        try await store.syncBuiltInPrograms(Self.builtIns)
        try await store.syncBuiltInPrograms(Self.builtIns)
        #expect(try await store.programs().map(\.id) == ["five-by-five", "easy-ride"])
        _ = try await store.rateProgram(id: "easy-ride", up: true)

        var changed = Self.builtIns
        changed[0].text = "name = \"Easy ride\"\n# new\n"
        try await store.syncBuiltInPrograms(changed)
        let ride = try #require(try await store.program(id: "easy-ride"))
        #expect(ride.text == changed[0].text)
        #expect(ride.ups == 1 && ride.builtIn && !ride.hidden)
    }

    @Test func programsAreListedByRatingThenName() async throws {
        try await store.syncBuiltInPrograms(Self.builtIns)
        let mine = try await store.addProgram(name: "Hills", kind: .run, text: "name = \"Hills\"\n")
        _ = try await store.rateProgram(id: mine.id, up: true)
        _ = try await store.rateProgram(id: mine.id, up: true)
        _ = try await store.rateProgram(id: "five-by-five", up: false)
        #expect(try await store.programs().map(\.id) == [mine.id, "easy-ride", "five-by-five"])
        #expect(try await store.program(id: mine.id)?.rating == 2)
        #expect(try await store.rateProgram(id: "no-such", up: true) == nil)
    }

    @Test func aBuiltInIsHiddenNotDeletedAndCanBeRestored() async throws {
        try await store.syncBuiltInPrograms(Self.builtIns)
        #expect(try await store.deleteProgram(id: "easy-ride") == .hidden)
        #expect(try await store.programs().map(\.id) == ["five-by-five"])
        #expect(try await store.programs(includingHidden: true).count == 2)
        // A later sync does not bring it back by itself.
        try await store.syncBuiltInPrograms(Self.builtIns)
        #expect(try await store.program(id: "easy-ride")?.hidden == true)
        #expect(try await store.restoreProgram(id: "easy-ride"))
        #expect(try await store.programs().count == 2)
    }

    @Test func aPersonalProgramIsUpdatedAndDeleted() async throws {
        let copy = try await store.addProgram(
            name: "Hills (copy)", kind: .run, text: "name = \"Hills (copy)\"\n", copiedFrom: "hills")
        #expect(copy.copiedFrom == "hills" && !copy.builtIn)
        try await store.updateProgram(
            id: copy.id, name: "Long hills", kind: .treadmill, text: "name = \"Long hills\"\n")
        let updated = try #require(try await store.program(id: copy.id))
        #expect(updated.name == "Long hills" && updated.kind == .treadmill && updated.copiedFrom == "hills")
        #expect(try await store.deleteProgram(id: copy.id) == .deleted)
        #expect(try await store.program(id: copy.id) == nil)
        #expect(try await store.deleteProgram(id: copy.id) == nil)
    }

    @Test func aBuiltInIsNotUpdated() async throws {
        try await store.syncBuiltInPrograms(Self.builtIns)
        do {
            try await store.updateProgram(id: "easy-ride", name: "Mine", kind: .ride, text: "name = \"Mine\"\n")
            Issue.record("a built-in was updated")
        } catch {
            #expect((error as? HubStoreError)?.isNotFound == true, "\(error)")
        }
        #expect(try await store.program(id: "easy-ride")?.name == "Easy ride")
    }

    @Test func deletingAllUserDataKeepsTheBuiltInsWithoutVotes() async throws {
        try await store.syncBuiltInPrograms(Self.builtIns)
        _ = try await store.addProgram(name: "Hills", kind: .run, text: "name = \"Hills\"\n")
        _ = try await store.rateProgram(id: "easy-ride", up: true)
        _ = try await store.deleteProgram(id: "five-by-five")
        try await store.deleteAllUserData()
        let left = try await store.programs()
        #expect(left.map(\.id) == ["five-by-five", "easy-ride"])
        #expect(left.allSatisfy { $0.ups == 0 && $0.downs == 0 && !$0.hidden })
    }

    @Test func theProfileKeepsItsFTP() async throws {
        let profile = Profile(
            name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 170, weightKilograms: 62.5,
            ftpWatts: 230)
        try await store.saveProfile(profile)
        #expect(try await store.profile()?.ftpWatts == 230)
    }
}
