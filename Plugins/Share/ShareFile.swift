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
            throw FolderError(description: "cannot make the folder \(folder): \(Self.reason(folder))")
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
                // Someone's file, link or folder, or an earlier workout of the same minute: kept, and the next name
                // tried (the person never chose this name, so advice about it would help nobody).
                guard error.isNameTaken, attempt < attempts else { throw error }
                attempt += 1
            }
        }
    }
}

extension ShareFile {
    /// Why `folder` cannot be made, in plain words (Foundation's own error reads "NSCocoaErrorDomain error 512"):
    /// the first part of the path that is in the way, or that cannot be written to.
    static func reason(_ folder: String) -> String {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + part
            var status = stat()
            if stat(path, &status) != 0 {
                let parent = (path as NSString).deletingLastPathComponent
                return access(parent, W_OK) == 0
                    ? "\(path) cannot be made" : "\(parent) is not writable by this user (\(Self.userName))"
            }
            if status.st_mode & S_IFMT != S_IFDIR { return "\(path) is a file, not a folder" }
        }
        return "it cannot be written to by this user (\(Self.userName))"
    }

    private static var userName: String { getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "?" }
}

/// The share plugin's folder could not be made: says which and why.
struct FolderError: Error, CustomStringConvertible {
    let description: String
}
