import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// Vote, copy and start: the store changed as `stayfit programs rate` and `copy` change it, and the bus told what
/// the console's `program ID` and `start KIND` tell it.
@Suite struct ProgramActionsTests {
    @Test func votesUpAndDownAsTheCLIRates() async throws {
        let fixture = try await ProgramsFixture()
        #expect(
            try await ProgramActions.vote(id: "vo2max-4x4", fields: ["direction": "up"], store: fixture.store)
                == .redirect(to: "/programs/vo2max-4x4"))
        _ = try await ProgramActions.vote(id: "vo2max-4x4", fields: ["direction": "up"], store: fixture.store)
        _ = try await ProgramActions.vote(id: "vo2max-4x4", fields: ["direction": "down"], store: fixture.store)
        let rated = try #require(try await fixture.store.program(id: "vo2max-4x4"))
        #expect((rated.ups, rated.downs, rated.rating) == (2, 1, 1))
        // The list puts it first now, as `stayfit programs list` would.
        #expect(try await fixture.store.programs(includingHidden: false).first?.id == "vo2max-4x4")
    }

    @Test(arguments: [nil, "", "sideways", "UP "])
    func aVoteThatIsNeitherUpNorDownIsRefused(_ direction: String?) async throws {
        let fixture = try await ProgramsFixture()
        let before = try await fixture.snapshot()
        let outcome = try await ProgramActions.vote(
            id: fixture.hills, fields: direction.map { ["direction": $0] } ?? [:], store: fixture.store)
        guard case .invalid(let page) = outcome else { Issue.record("not refused: \(outcome)"); return }
        #expect(page.body.contains("is not a vote: vote up or down."))
        #expect(try await fixture.snapshot() == before)
    }

    @Test func aVoteForNoProgramIsNotFound() async throws {
        let fixture = try await ProgramsFixture()
        #expect(
            try await ProgramActions.vote(id: "404", fields: ["direction": "up"], store: fixture.store) == .notFound)
        #expect(try await ProgramActions.copy(id: "../1", store: fixture.store) == .notFound)
        #expect(try await ProgramActions.start(id: "nope", store: fixture.store, bus: MessageBus()) == .notFound)
    }

    @Test func copiesABuiltInAsTheCLIDoesAndOpensTheCopysEditor() async throws {
        let fixture = try await ProgramsFixture()
        let outcome = try await ProgramActions.copy(id: "run-8x400", store: fixture.store)
        guard case .redirect(let target) = outcome else { Issue.record("not copied: \(outcome)"); return }
        let id = try #require(target.split(separator: "/").dropFirst().first.map(String.init))
        #expect(target == "/programs/\(id)/edit")
        let copy = try #require(try await fixture.store.program(id: id))
        // What `stayfit programs copy run-8x400` stored before it was moved: the name with " (copy)", as TOML.
        var expected = try #require(BuiltInPrograms.program(id: "run-8x400"))
        expected.name = "8 x 400 m (copy)"
        #expect(copy.name == "8 x 400 m (copy)")
        #expect(copy.text == expected.toml)
        #expect(copy.copiedFrom == "run-8x400")
        #expect(!copy.builtIn && copy.kind == .run)
    }

    @Test func aCopyWhoseNameWouldBeTooLongIsRefusedWithTheModulesMessage() async throws {
        let fixture = try await ProgramsFixture()
        let long = String(repeating: "x", count: 200)
        let text = ProgramsFixture.hillsText.replacingOccurrences(of: "Hill repeats", with: long)
        try await fixture.store.updateProgram(id: fixture.hills, name: long, kind: .run, text: text)
        let before = try await fixture.snapshot()
        guard case .invalid(let page) = try await ProgramActions.copy(id: fixture.hills, store: fixture.store) else {
            Issue.record("copied"); return
        }
        #expect(page.body.contains("the copy&#39;s name:"))
        #expect(page.body.contains("Nothing was copied."))
        #expect(try await fixture.snapshot() == before)
    }

    private enum Heard: Sendable, Equatable {
        case chosen(ChooseProgram)
        case command(WorkoutCommand)
        case end
    }

    @Test func startChoosesTheProgramThenStartsAWorkoutOfItsKind() async throws {
        let fixture = try await ProgramsFixture()
        let bus = MessageBus()
        let inbox = bus.inbox(of: Heard.self) {
            $0.route(ChooseProgram.self) { .chosen($0) }
            $0.route(WorkoutCommand.self) { .command($0) }
        }
        #expect(
            try await ProgramActions.start(id: "sweet-spot-3x12", store: fixture.store, bus: bus) == .redirect(to: "/"))
        inbox.post(.end)
        var heard: [Heard] = []
        for await event in inbox {
            if event == .end { break }
            heard.append(event)
        }
        // The console's `program sweet-spot-3x12`, then `start indoor-ride`.
        #expect(
            heard == [
                .chosen(ChooseProgram(.named("sweet-spot-3x12"))), .command(WorkoutCommand(.start, kind: .indoorRide)),
            ])
    }

    @Test func startIsRefusedWhenNothingFollowsPrograms() async throws {
        let fixture = try await ProgramsFixture()
        let bus = MessageBus()
        // The engine hears starts; the programs plugin, which would hear the choice, is off.
        let commands = bus.inbox(of: WorkoutCommand.self)
        let outcome = try await ProgramActions.start(id: "run-8x400", store: fixture.store, bus: bus)
        guard case .refused(let page) = outcome else {
            Issue.record("started: \(outcome)")
            return
        }
        #expect(page.body.contains("Guided programs are off on this hub: add a [plugins.programs] table"))
        commands.finish()
        var heard: [WorkoutCommand] = []
        for await command in commands { heard.append(command) }
        #expect(heard.isEmpty)
    }
}
