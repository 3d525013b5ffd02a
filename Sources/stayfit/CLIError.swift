import ArgumentParser
import Glibc
import HubCore

/// Turns any error into a message on stderr and the right exit status: 78 for configuration errors,
/// 1 for everything else.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    let exitCode: Int32

    init(_ error: any Error) {
        if let error = error as? CLIError {
            self = error
        } else {
            description = "\(error)"
            exitCode = error is ConfigurationError ? ConfigurationError.exitCode : 1
        }
    }

    init(_ message: String, exitCode: Int32 = 1) {
        description = message
        self.exitCode = exitCode
    }
}

extension AsyncParsableCommand {
    /// Runs `body`, printing a failure as `error: …` and exiting with its status instead of crashing.
    func reportingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ValidationError {
            throw error
        } catch let error as ExitCode {
            throw error
        } catch {
            let failure = CLIError(error)
            printError("error: \(failure.description)")
            throw ExitCode(failure.exitCode)
        }
    }
}

/// Writes a line to standard output at once, bypassing stdio's buffer.
func writeLine(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { _ = Glibc.write(1, $0.baseAddress, $0.count) }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

/// Standard error as a stream for `print(_:to:)`, unbuffered.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        let bytes = Array(string.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
