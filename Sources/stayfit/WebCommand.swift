import ArgumentParser
import Crypt
import Foundation
import HubCore
import HubStore

struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web", abstract: "The hub's web app ([plugins.web]).", subcommands: [Password.self])

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the web app's password, read from standard input.",
            discussion: """
                On a terminal it is asked for twice, without echo; from a pipe the first line is the password \
                (echo "$PASSWORD" | stayfit web password). Only its yescrypt hash is stored. A running hub takes it \
                at once, and every browser logged in with the old one must log in again.
                """)
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Leave a password set before as it is (scripts/install sets one only on a first install).")
        var keepExisting = false

        /// Long enough that a guess a second, which is what the login allows after a few, takes years.
        static let shortest = 8
        /// A line longer than this is no password typed by a person (a file piped in by mistake).
        static let longest = 1024

        func run() async throws {
            try await reportingErrors {
                if keepExisting, try await storeOptions.openStore().webPasswordHash() != nil {
                    return print("A web password was set before: kept.")
                }
                let password = try Self.readPassword()
                if let problem = Self.problem(with: password) { throw CLIError(problem, exitCode: 65) }
                let hash: String
                do { hash = try await PasswordHash.make(password) } catch { throw CLIError("\(error)") }
                try await storeOptions.openStore().setWebPasswordHash(hash)
                print("Web password set. Open the web app and log in with it.")
            }
        }

        /// What is wrong with `password`, or nil.
        static func problem(with password: String) -> String? {
            if password.isEmpty {
                return "No password given: type one (at least \(Format.counted(shortest, "character")))."
            }
            if password.count < shortest {
                return "That password is too short: use at least \(Format.counted(shortest, "character"))."
            }
            if password.utf8.count > longest {
                return "That password is too long: \(Format.counted(longest, "byte")) at most."
            }
            return nil
        }

        private static func readPassword() throws -> String {
            guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) ?? "" }
            let first = try Terminal.readWithoutEcho(prompt: "New web password: ")
            guard problem(with: first) == nil else { return first }
            let second = try Terminal.readWithoutEcho(prompt: "The same again: ")
            guard first == second else {
                throw CLIError("The two passwords differ; nothing was changed.", exitCode: 65)
            }
            return first
        }
    }
}

/// A line typed on the terminal without it showing.
private enum Terminal {
    static func readWithoutEcho(prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { throw CLIError("Cannot read the terminal's settings.") }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent) == 0 else {
            throw CLIError("Cannot turn the terminal's echo off; pipe the password in instead.")
        }
        defer { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        return readLine(strippingNewline: true) ?? ""
    }
}
