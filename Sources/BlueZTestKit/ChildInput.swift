import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe to a child's standard input, as a shell's `|` gives it: the test writes lines, the child reads them.
public final class ChildInput: Sendable {
    /// The end to give the child as its standard input (``ChildProcess/spawn(_:_:environment:stdin:stdout:stderr:stderrPath:)``).
    public let readEnd: Int32
    private let writeEnd: Int32
    private let open = Mutex<(read: Bool, write: Bool)>((true, true))

    public init() throws {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec from the start, so no other child started meanwhile holds the pipe open.
        guard pipe2(&ends, O_CLOEXEC) == 0 else {
            throw HarnessError("cannot make a pipe for a child's input: \(String(cString: strerror(errno)))")
        }
        // A child that has exited must not take the test process with it when a line is written to it.
        signal(SIGPIPE, SIG_IGN)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Closes this side's copy of the read end: call it once the child has started with its own copy.
    public func closeReadEnd() {
        open.withLock {
            if $0.read { Glibc.close(readEnd) }
            $0.read = false
        }
    }

    /// Writes `text` whole; returns false once the child no longer reads (it exited, or the input is closed).
    @discardableResult
    public func write(_ text: String) -> Bool {
        open.withLock { open in
            guard open.write else { return false }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                bytes = bytes.dropFirst(written)
            }
            return true
        }
    }

    /// Closes the input: the child reads its end. Safe to call more than once.
    public func close() {
        open.withLock {
            if $0.write { Glibc.close(writeEnd) }
            $0.write = false
        }
    }

    deinit {
        closeReadEnd()
        close()
    }
}
