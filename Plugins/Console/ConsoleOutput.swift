import Foundation
import HubCore
import Logging

/// Writes to standard output: in interactive mode it keeps a status line at the bottom and prints events
/// above it; in line mode it writes plain lines only.
///
/// Standard output may go away while the hub runs (`stayfit run | head -1`, a closed terminal): the write then
/// fails with `EPIPE` (the hub ignores SIGPIPE, which would otherwise kill it mid-workout). The console stops
/// writing, says so once in the log, and the hub goes on: a workout is not lost for want of a screen.
struct ConsoleOutput {
    let interactive: Bool
    private let fd: Int32
    private let logger: Logger?
    private var statusLine = ""
    /// Whether standard output went away; nothing is written after that.
    private(set) var isGone = false

    /// - Parameter fd: where to write; standard output unless a test gives a pipe.
    /// - Parameter logger: where to say that standard output went away.
    init(interactive: Bool, fd: Int32 = STDOUT_FILENO, logger: Logger? = nil) {
        self.interactive = interactive
        self.fd = fd
        self.logger = logger
    }

    /// Prints an event line (above the status line when there is one).
    ///
    /// `text` may quote what came from outside (a typed command, a Bluetooth device's name, a plugin's
    /// error): its control characters are escaped, so it cannot move the cursor or rewrite the screen.
    mutating func line(_ text: String) {
        let text = Format.printable(text, limit: nil)
        if interactive {
            write("\r\u{1B}[2K" + text + "\r\n" + statusLine)
        } else {
            write(text + "\n")
        }
    }

    /// Replaces the status line (interactive mode only).
    mutating func status(_ text: String) {
        guard interactive else { return }
        statusLine = text
        write("\r\u{1B}[2K" + text)
    }

    /// Leaves the cursor on a fresh line, e.g. before the hub exits.
    mutating func finish() {
        if interactive && !statusLine.isEmpty { write("\r\n") }
        statusLine = ""
    }

    private mutating func write(_ text: String) {
        guard !isGone else { return }
        // Unbuffered write(2): lines must appear at once, also when stdout is a pipe to a test or journald.
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let error = errno
                if written < 0, error == EPIPE || error == EBADF || error == EIO {
                    isGone = true
                    logger?.notice(
                        "standard output went away; the console stops printing and the hub goes on",
                        metadata: ["error": "\(String(cString: strerror(error)))"])
                }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
