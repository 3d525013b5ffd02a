import ArgumentParser
import Foundation
import HubCore
import HubStore
import Programs
import Records

struct ProgramsEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Edit a personal program's TOML text in $EDITOR (else vi).",
        discussion: """
            The program is checked when the editor ends; on a mistake the message is shown and the command asks \
            whether to edit again: 'n' leaves the program as it was. Built-in programs are copied first \
            ('stayfit programs copy ID').
            """)
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The personal program's id.") var id: String

    func run() async throws {
        try await reportingErrors {
            let catalog = try await ProgramCatalog(storeOptions)
            let stored = try await catalog.program(id)
            guard !stored.builtIn else {
                throw CLIError(
                    "\(stored.id) is a built-in program, which cannot be edited; copy it first: stayfit programs copy "
                        + "\(stored.id)", exitCode: 65)
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "stayfit-program-\(stored.id)-\(UUID().uuidString.prefix(8)).toml")
            // Only this user may read or write the draft.
            guard
                FileManager.default.createFile(
                    atPath: file.path, contents: Data(stored.text.utf8), attributes: [.posixPermissions: 0o600])
            else { throw CLIError("cannot write the draft \(file.path); check that the temporary folder is writable") }
            defer { try? FileManager.default.removeItem(at: file) }

            while true {
                try runEditor(on: file.path)
                let text = try ProgramFile.read(file.path, outcome: "Program \(stored.id) is unchanged.")
                do {
                    let program = try Program(toml: text, file: "program \(stored.id)")
                    guard text != stored.text else { return print("No changes; program \(stored.id) is as it was.") }
                    try await catalog.store.updateProgram(
                        id: stored.id, name: program.name, kind: program.kind, text: text)
                    return print("Program \(stored.id), \"\(Format.printable(program.name, limit: 200))\", saved.")
                } catch let error as ProgramError {
                    printError("error: \(error)")
                    print("Edit again? [Y/n] ", terminator: "")
                    // No answer (the input ended) is a no: a script would otherwise loop.
                    guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased(),
                        ["", "y", "yes"].contains(answer)
                    else {
                        throw CLIError("not saved: program \(stored.id) is unchanged", exitCode: 65)
                    }
                }
            }
        }
    }

    /// Runs `$EDITOR` (else `vi`) on `path` through the shell, so that an editor with options
    /// (`EDITOR="code --wait"`) works, and waits for it.
    private func runEditor(on path: String) throws {
        let variable = ProcessInfo.processInfo.environment["EDITOR"] ?? ""
        let editor = variable.allSatisfy(\.isWhitespace) ? "vi" : variable
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "sh", path]
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start the editor (\(editor)): \(error). Set EDITOR to one that is installed.")
        }
        // Blocking is fine here: the command has nothing else to do while the person edits.
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError(
                "the editor (\(Format.printable(editor, limit: 80))) ended with status \(process.terminationStatus); "
                    + "the program is unchanged")
        }
    }
}
