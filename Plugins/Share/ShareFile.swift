import Foundation
import HubCore
import Reports

/// A finished workout's share texts saved in a folder, under a name of their own: never over another file.
enum ShareFile {
    /// How many names are tried (`…-workout.txt`, `…-workout-2.txt`, …) before giving up: two workouts that
    /// start in the same minute are rare; a hundred files of one minute mean something else is wrong.
    static let attempts = 100

    /// `2026-11-27-0712-workout.txt` for a workout started at 07:12 local time; `2026-11-27-0712-workout-2.txt`
    /// for the `attempt` 2, and so on.
    static func name(startedAt: Date, attempt: Int = 1) -> String {
        LocalTime.format(startedAt, "%Y-%m-%d-%H%M") + "-workout" + (attempt > 1 ? "-\(attempt)" : "") + ".txt"
    }

    /// What the file holds: the short text, a blank line, the long text.
    static func contents(of text: ShareText) -> String { text.short + "\n\n" + text.long + "\n" }

    /// Writes `text` into `folder` (made if missing) under the first free name, whole or not at all
    /// (`SafeFileWriter`), and returns its path.
    ///
    /// - Throws: `FileWriteError` naming the path (a full disk, a folder that cannot be written to);
    ///   `FolderError` when the folder cannot be made.
    static func save(_ text: ShareText, startedAt: Date, in folder: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FolderError(description: "cannot make the folder \(folder): \(error.localizedDescription)")
        }
        let bytes = Array(contents(of: text).utf8)
        var attempt = 1
        while true {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name(startedAt: startedAt, attempt: attempt)
            // A Result, not a catch with a pattern: the Swift 6.3 compiler crashes on that with typed throws.
            let written = Result { () throws(FileWriteError) in
                try SafeFileWriter.write(bytes, to: path, ifExists: .refuse, allowsStandardOutput: false)
            }
            switch written {
            case .success:
                return path
            case .failure(let error):
                // Someone's file, or an earlier workout of the same minute: kept, and the next name tried.
                guard error.isExistingFile, attempt < attempts else { throw error }
                attempt += 1
            }
        }
    }
}

/// The share plugin's folder could not be made: says which and why.
struct FolderError: Error, CustomStringConvertible {
    let description: String
}
