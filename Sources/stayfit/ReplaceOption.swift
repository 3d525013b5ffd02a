import ArgumentParser
import Foundation
import Glibc
import HubCore

/// `--force`, for the commands that write a file: whether a file already at the path may be replaced.
///
/// Without it a person at a terminal is asked; a script is refused ("… exists; add --force to replace it"), so that
/// nothing is ever overwritten by surprise.
struct ReplaceOption: ParsableArguments {
    @Flag(help: "Replace the file if one exists at the path (on a terminal, the command asks instead).")
    var force = false

    /// `.replace` with --force, or when someone at a terminal answers yes to replacing what is at `path`.
    func ifExists(at path: String) -> SafeFileWriter.IfExists {
        Self.decide(
            path: path, force: force, isTerminal: isatty(0) == 1 && isatty(2) == 1,
            ask: { question in
                var standardError = StandardError()
                print(question, terminator: "", to: &standardError)
                return readLine()
            })
    }

    /// The decision, with the terminal and the question handed in (for the tests).
    ///
    /// A question is asked only when something that may be replaced is there: a device or a folder is refused by
    /// the writer whatever the answer, and a missing file needs none.
    static func decide(
        path: String, force: Bool, isTerminal: Bool, ask: (String) -> String?
    ) -> SafeFileWriter.IfExists {
        if force { return .replace }
        guard isTerminal, !SafeFileWriter.namesStandardOutput(path) else { return .refuse }
        var existing = stat()
        guard lstat(path, &existing) == 0,
            existing.st_mode & S_IFMT == S_IFREG || existing.st_mode & S_IFMT == S_IFLNK
        else { return .refuse }
        let answer = ask("\(Format.printable(path, limit: 200)) exists. Replace it? [y/N] ") ?? ""
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) ? .replace : .refuse
    }
}
