import ArgumentParser
import Foundation
import HubCore
import HubStore
import Programs
import Records

struct ProgramsImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Store a program from a .toml program file or a .zwo Zwift workout.",
        discussion: """
            The format is told by the extension, else by the content (a Zwift workout is XML). The file is checked \
            first; on a mistake nothing is stored. Prints the new program's id.
            """)
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The file to import.") var file: String

    func validate() throws {
        if file.allSatisfy(\.isWhitespace) { throw ValidationError("give the path of a .toml or .zwo file.") }
    }

    func run() async throws {
        try await reportingErrors {
            let text = try ProgramFile.read(file)
            let imported: ProgramImport
            do {
                imported = try ProgramImport(text: text, file: file)
            } catch {
                throw CLIError("\(error) Nothing was imported.", exitCode: 65)
            }
            let catalog = try await ProgramCatalog(storeOptions)
            let stored = try await catalog.store.addProgram(
                name: imported.program.name, kind: imported.program.kind, text: imported.storedText)
            print(stored.id)
        }
    }
}

struct ProgramsExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a program as a .toml program file or a .zwo Zwift workout.")
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The program's id.") var id: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var output: String?
    @Option(help: ArgumentHelp("toml or zwo (default: by the file's extension, else toml).", valueName: "format"))
    var format: FileFormat?
    @OptionGroup var replace: ReplaceOption

    enum FileFormat: String, ExpressibleByArgument, CaseIterable { case toml, zwo }

    func run() async throws {
        try await reportingErrors {
            let catalog = try await ProgramCatalog(storeOptions)
            let stored = try await catalog.program(id)
            let chosen = format ?? (output?.lowercased().hasSuffix(".zwo") == true ? .zwo : .toml)
            var text = stored.text
            if chosen == .zwo {
                do {
                    text = try ProgramCatalog.parsed(stored).zwift()
                } catch let error as ProgramError {
                    throw CLIError("\(error) Export it as TOML instead: --format toml.", exitCode: 65)
                }
            }
            if !text.hasSuffix("\n") { text += "\n" }
            guard let output, !SafeFileWriter.namesStandardOutput(output) else { return print(text, terminator: "") }
            do {
                try SafeFileWriter.write(text, to: output, ifExists: replace.ifExists(at: output))
            } catch {
                throw CLIError(error)
            }
            printError("Wrote \(Format.printable(stored.name, limit: 200)) to \(Format.printable(output, limit: 200)).")
        }
    }
}

/// Reading a program file the person named: bounded, and every failure said plainly.
enum ProgramFile {
    /// - Parameter outcome: what a failure leaves undone, said after the reason.
    static func read(_ path: String, outcome: String = "Nothing was imported.") throws -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: Program.Limits.largestFile + 1) ?? Data()
        } catch {
            // Foundation's wording is vague ("The operation could not be completed"); the system's says why.
            let reason = access(path, R_OK) == 0 ? "\(error)" : String(cString: strerror(errno))
            throw CLIError(
                "cannot read \(Format.printable(path, limit: 200)): \(reason). Check the path and that the file is "
                    + "readable. \(outcome)", exitCode: 65)
        }
        do {
            return try ProgramImport.text(of: data, file: path)
        } catch {
            throw CLIError("\(error) \(outcome)", exitCode: 65)
        }
    }
}
