import Foundation
import HubCore

/// A file brought in as a program, as `stayfit programs import` and the web's upload take it: its bytes read as
/// text, its format told, the program read, and the text to store.
///
/// ```swift
/// let text = try ProgramImport.text(of: data, file: "hills.toml")
/// let imported = try ProgramImport(text: text, file: "hills.toml")
/// try await store.addProgram(name: imported.program.name, kind: imported.program.kind, text: imported.storedText, …)
/// ```
public struct ProgramImport: Sendable, Equatable {
    /// The program the file holds.
    public var program: Program
    /// What the store keeps: a TOML file as written, comments and all, for editing; a Zwift workout as its TOML form.
    public var storedText: String

    /// Reads `text` as a Zwift workout or a program file, as ``isZwift(file:text:)`` tells.
    ///
    /// - Parameter file: the file's name as the person gave it, for the format and the messages only.
    /// - Throws: `ProgramError`, the reader's message.
    public init(text: String, file: String) throws(ProgramError) {
        if Self.isZwift(file: file, text: text) {
            program = try Program(zwift: text, file: file)
            storedText = program.toml
        } else {
            program = try Program(toml: text, file: file)
            storedText = text
        }
    }

    /// A Zwift workout by the extension `.zwo`; else, without `.toml`, by the content (a Zwift workout is XML).
    public static func isZwift(file: String, text: String) -> Bool {
        let name = file.lowercased()
        return name.hasSuffix(".zwo")
            || (!name.hasSuffix(".toml") && text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.hasPrefix("<"))
    }

    /// A file's bytes as text: at most ``Program/Limits/largestFile`` of them, in UTF-8.
    ///
    /// - Throws: `ProgramError` (`.unreadable`) naming the file and saying what to do.
    public static func text(of data: Data, file: String) throws(ProgramError) -> String {
        guard data.count <= Program.Limits.largestFile else {
            throw ProgramError(
                kind: .unreadable, file: file, line: nil, step: nil, key: nil,
                problem: "the file is larger than a program may be (1 MiB)",
                fix: "Check that it is a .toml or .zwo file; a long program is a few kilobytes.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProgramError(
                kind: .unreadable, file: file, line: nil, step: nil, key: nil, problem: "the file is not UTF-8 text",
                fix: "Save it as UTF-8.")
        }
        return text
    }
}
