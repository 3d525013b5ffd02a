import GuidedWorkouts
import HubCore
import Programs
import Testing

/// The programs a person can choose on the console or with a button: the store's, then the built-in ones it has not
/// taken in yet; a hidden built-in never.
@Suite struct ShelfProgramLibraryTests {
    private struct Shelf: ProgramShelf {
        var stored: [StoredProgram]
        func programs(includingHidden: Bool) async throws -> [StoredProgram] {
            includingHidden ? stored : stored.filter { !$0.hidden }
        }
    }

    @Test func thePersonsOwnComeFirstAndAHiddenBuiltInNever() async throws {
        let mine = """
            name = "Hill repeats"
            kind = "run"
            [[steps]]
            interval = "Up the hill"
            time = "1:00"
            """
        let hidden = try #require(BuiltInPrograms.all.first)
        let library = ShelfProgramLibrary(
            shelf: Shelf(stored: [
                StoredProgram(id: "11", name: "Hill repeats", kind: .run, text: mine, ups: 3),
                StoredProgram(
                    id: hidden.id, name: hidden.program.name, kind: hidden.program.kind, text: hidden.toml,
                    builtIn: true, hidden: true),
                StoredProgram(id: "12", name: "Unreadable", kind: .run, text: "name = ", ups: 2),
            ]))
        let entries = try await library.programs()
        #expect(entries.first?.id == "11")
        #expect(entries.first?.program.name == "Hill repeats")
        #expect(!entries.contains { $0.id == hidden.id }, "a hidden built-in is left out")
        #expect(!entries.contains { $0.id == "12" }, "a text that does not read is skipped")
        #expect(entries.count == 1 + BuiltInPrograms.all.count - 1)
    }
}
