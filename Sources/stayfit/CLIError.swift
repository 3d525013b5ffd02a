import ArgumentParser
// `stdout` is a C global, which Swift 6 names only with @preconcurrency: StandardOutput.finish flushes it alone.
@preconcurrency import Glibc
import HubCore
import Nutrition
import Synchronization

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
        } catch let error as NutritionError {
            // A food, an amount or a goal given on the command line: bad data, not a failure of the hub.
            printError("error: \(error)")
            throw ExitCode(65)
        } catch {
            let failure = CLIError(error)
            printError("error: \(failure.description)")
            throw ExitCode(failure.exitCode)
        }
    }
}

/// Writes a line to standard output at once, bypassing stdio's buffer; a failure is reported when the command ends
/// (``StandardOutput/finish()``).
func writeLine(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let written = Glibc.write(1, base + done, buffer.count - done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                StandardOutput.noteFailure(written == 0 ? ENOSPC : errno)
                return
            }
            done += written
        }
    }
}

/// Whether everything a command wrote to standard output got there, checked in one place when the command ends.
///
/// `print` goes through stdio's buffer, which is written when full and at exit, where a failure was lost: `stayfit
/// workouts show 1 --json > /dev/full` wrote nothing and exited 0. A closed pipe (`stayfit workouts | head -1`) is
/// not such a failure: the reader has what it wanted, and the command ends quietly, as it would by SIGPIPE (which
/// every command ignores, so that the hub survives it).
enum StandardOutput {
    /// The `errno` of the first failed direct write (``writeLine(_:)``), if any.
    private static let failure = Mutex<Int32?>(nil)

    static func noteFailure(_ code: Int32) {
        failure.withLock { if $0 == nil { $0 = code } }
    }

    /// Writes what stdio still holds; if any write to standard output failed, other than to a closed pipe, says so on
    /// standard error and exits with status 1.
    static func finish() {
        // Standard output alone: fflush(nil) would also lock standard input, which a thread blocked in readLine
        // holds (`stayfit setup` hung there). A write that failed when the buffer filled up sets the error flag.
        let flushed = fflush(stdout) == 0
        let failedBefore = ferror(stdout) != 0
        let code: Int32? = flushed ? failure.withLock { $0 } ?? (failedBefore ? EIO : nil) : errno
        guard let code else { return }
        guard code != EPIPE, !readerHasGone() else { return }
        let reason = String(cString: strerror(code))
        printError(
            "error: cannot write to standard output (\(reason)): what the command printed is incomplete or missing. "
                + "Check where the output goes (a full disk?), then run the command again.")
        exit(1)
    }

    /// Whether standard output is a pipe or socket whose reading end is closed.
    private static func readerHasGone() -> Bool {
        var output = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
        return poll(&output, 1, 0) == 1 && output.revents & Int16(POLLERR | POLLHUP) != 0
    }
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
