import ArgumentParser
import Foundation
import HubCore
import HubStore
import Programs
import Records

struct ProgramsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "programs", abstract: "List, show, import, export, copy, edit, rate and delete guided programs.",
        subcommands: [
            List.self, Show.self, ProgramsImportCommand.self, ProgramsExportCommand.self, Copy.self,
            ProgramsEditCommand.self, Rate.self, Delete.self, Restore.self,
        ], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the programs, best rated first (up votes less down votes), then by name.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: ArgumentHelp("Only programs of this kind (run, ride, strength …).", valueName: "kind"))
        var kind: String?
        @Flag(help: "Include hidden built-in programs.") var all = false
        @Flag(help: "Print JSON.") var json = false

        /// One program as `--json` prints it.
        struct Summary: Encodable {
            let id: String
            let name: String
            let kind: String
            let estimatedMinutes: Int?
            let ups: Int
            let downs: Int
            let rating: Int
            let builtIn: Bool
            let hidden: Bool
        }

        func run() async throws {
            try await reportingErrors {
                var wanted: WorkoutKind?
                if let kind {
                    do { wanted = try WorkoutKind(parsing: kind) } catch { throw CLIError("\(error).", exitCode: 64) }
                }
                let catalog = try await ProgramCatalog(storeOptions)
                let programs = try await catalog.store.programs(includingHidden: all).filter {
                    wanted == nil || $0.kind == wanted
                }
                let minutes = programs.map { stored in
                    (try? ProgramCatalog.parsed(stored)).map(ProgramFigures.estimatedMinutes)
                }
                if json {
                    let summaries = zip(programs, minutes).map { stored, minutes in
                        Summary(
                            id: stored.id, name: stored.name, kind: stored.kind.rawValue, estimatedMinutes: minutes,
                            ups: stored.ups, downs: stored.downs, rating: stored.rating, builtIn: stored.builtIn,
                            hidden: stored.hidden)
                    }
                    return print(try JSON.string(summaries))
                }
                guard !programs.isEmpty else {
                    return print(wanted.map { "No \($0.rawValue) programs." } ?? "No programs.")
                }
                var rows = [["ID", "Name", "Kind", "Est. time", "Rating"]]
                for (stored, minutes) in zip(programs, minutes) {
                    rows.append([
                        Format.printable(stored.id, limit: 30), Format.printable(stored.name, limit: 40),
                        stored.kind.rawValue, minutes.map(ProgramFigures.listedTime) ?? "?",
                        ProgramFigures.rating(stored) + (stored.hidden ? " (hidden)" : ""),
                    ])
                }
                let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
                for row in rows {
                    let cells = row.enumerated().map { column, cell in
                        column == row.count - 1
                            ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    }
                    print(cells.joined(separator: "  "))
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a program's steps and its estimated time.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The program's id (see 'stayfit programs list').") var id: String

        func run() async throws {
            try await reportingErrors {
                let catalog = try await ProgramCatalog(storeOptions)
                let stored = try await catalog.program(id)
                let program = try ProgramCatalog.parsed(stored)
                let ftp = try await catalog.store.profile()?.ftpWatts
                let origin = stored.builtIn ? "built-in" : "personal"
                print(
                    "\(Format.printable(program.name, limit: 200)) (\(program.kind.rawValue), "
                        + "\(ProgramFigures.about(program.estimatedDuration)), \(origin), rated "
                        + "\(ProgramFigures.rating(stored)))")
                if let instructions = program.instructions { print(Format.printable(instructions, limit: 2000)) }
                print("")
                for line in ProgramStepLines.lines(program.steps, ftpWatts: ftp) { print(line) }
            }
        }
    }

    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a personal copy of a program, which can be edited.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The program's id.") var id: String
        @Option(help: ArgumentHelp("The copy's name (default: the name with \" (copy)\").", valueName: "name"))
        var name: String?

        func run() async throws {
            try await reportingErrors {
                let catalog = try await ProgramCatalog(storeOptions)
                let stored = try await catalog.program(id)
                if let name, name.allSatisfy(\.isWhitespace) {
                    throw CLIError("--name is empty; give the copy a name, e.g. --name \"Hills, longer\"", exitCode: 65)
                }
                let program: Program
                let text: String
                do {
                    // The module's checks for the new name (empty, too long) say what to do.
                    (program, text) = try ProgramCatalog.parsed(stored).copy(named: name)
                } catch let error as ProgramError {
                    throw CLIError("\(error) Nothing was copied.", exitCode: 65)
                }
                let copy = try await catalog.store.addProgram(
                    name: program.name, kind: program.kind, text: text, copiedFrom: stored.id)
                print(
                    "Copied to program \(copy.id), \"\(Format.printable(copy.name, limit: 200))\". Edit it with: "
                        + "stayfit programs edit \(copy.id)")
            }
        }
    }

    struct Rate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Vote a program up or down.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The program's id.") var id: String
        @Argument(help: "up or down.") var vote: Vote

        enum Vote: String, ExpressibleByArgument, CaseIterable { case up, down }

        func run() async throws {
            try await reportingErrors {
                let catalog = try await ProgramCatalog(storeOptions)
                guard let rated = try await catalog.store.rateProgram(id: id, up: vote == .up) else {
                    throw ProgramCatalog.noSuchProgram(id)
                }
                print(
                    "\(Format.printable(rated.name, limit: 200)): rated \(ProgramFigures.rating(rated)) "
                        + "(\(ProgramFigures.votes(rated))).")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a personal program; a built-in one is hidden instead.",
            discussion: "Asks first unless --yes. A hidden built-in comes back with 'stayfit programs restore ID'.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The program's id.") var id: String
        @Flag(help: "Do not ask (for scripts).") var yes = false

        func run() async throws {
            try await reportingErrors {
                let catalog = try await ProgramCatalog(storeOptions)
                let stored = try await catalog.program(id)
                let name = Format.printable(stored.name, limit: 200)
                if !stored.builtIn && !yes {
                    print("Delete \"\(name)\" (program \(stored.id))? [y/N] ", terminator: "")
                    guard ["y", "yes"].contains(readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
                    else { return print("Program \(stored.id) kept.") }
                }
                switch try await catalog.store.deleteProgram(id: stored.id) {
                case .deleted: print("Program \(stored.id), \"\(name)\", deleted.")
                case .hidden:
                    print(
                        "\"\(name)\" is built in: it cannot be deleted, so it is hidden now. 'stayfit programs list "
                            + "--all' shows it; 'stayfit programs restore \(stored.id)' brings it back.")
                case nil: throw ProgramCatalog.noSuchProgram(id)
                }
            }
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a hidden built-in program in lists again.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The built-in program's id.") var id: String

        func run() async throws {
            try await reportingErrors {
                let catalog = try await ProgramCatalog(storeOptions)
                let stored = try await catalog.program(id)
                guard stored.builtIn else {
                    throw CLIError(
                        "program \(stored.id) is not a built-in one; only built-in programs are hidden and restored",
                        exitCode: 65)
                }
                guard stored.hidden else {
                    return print("\"\(Format.printable(stored.name, limit: 200))\" is not hidden.")
                }
                _ = try await catalog.store.restoreProgram(id: stored.id)
                print("\"\(Format.printable(stored.name, limit: 200))\" is listed again.")
            }
        }
    }
}
