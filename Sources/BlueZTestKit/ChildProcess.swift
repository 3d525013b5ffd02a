import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process of a test: started with an empty signal mask and only the descriptors it is given.
///
/// Every test child starts here rather than through Foundation's `Process`, for two reasons:
/// - Swift's concurrency threads block most signals, and a child inherits the mask of the thread that spawns it,
///   so a child spawned from a test would ignore SIGTERM. The mask is reset here, so `kill` works.
/// - A child gets standard input, output and error and nothing else: every other descriptor is closed at spawn
///   time (`closefrom`). Foundation's `Process` notices a child's exit by the end of a socket that the child holds
///   (made without close-on-exec); a daemon spawned by a parallel test at that moment inherited the socket and
///   held it for the rest of the run, so that child "ran" forever: CI lost runs to 60 s time limits that way.
///   Here the exit is asked of the kernel (`waitpid` on this pid alone), and no descriptor leaks into a child.
public final class ChildProcess: Sendable {
    /// How a child ended: its exit code, or the signal that ended it.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// The shell's number for it: the exit code, or 128 + the signal.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }

        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    public let pid: pid_t
    private let termination = Mutex<Termination?>(nil)

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `path` with `arguments` and the test's environment merged with `environment`.
    ///
    /// Standard input is `stdin` (a descriptor to dup) or /dev/null; standard output is `stdout` or /dev/null;
    /// standard error is `stderr` (a descriptor to dup) or the file `stderrPath`, appended to.
    public static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String] = [:],
        stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil, stderrPath: String = "/dev/null"
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let stderr {
            posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGTERM)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw HarnessError("Cannot start \(path): \(String(cString: strerror(status)))")
        }
        return ChildProcess(pid: pid)
    }

    /// How the child ended, or nil while it runs. Reaps it once it has ended.
    public var ended: Termination? {
        termination.withLock { termination in
            if let termination { return termination }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
            // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
            termination = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
            return termination
        }
    }

    /// Whether the child is still running.
    public var isRunning: Bool { ended == nil }

    /// Waits for the child to end without blocking a thread; returns how it ended, or nil after `timeout`.
    public func termination(within timeout: Duration) async throws -> Termination? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let ended { return ended }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for the child to end without blocking a thread, up to `timeout`; returns its exit code, or nil on
    /// timeout or when a signal ended it.
    public func exitCode(within timeout: Duration) async throws -> Int32? {
        guard case .exited(let code) = try await termination(within: timeout) else { return nil }
        return code
    }

    /// Blocks until the child ends, up to `timeout`; returns whether it did. For synchronous clean-up only.
    @discardableResult
    public func wait(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while isRunning {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Sends SIGTERM, waits, and falls back to SIGKILL; always reaps the child.
    public func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if !wait(timeout: .seconds(5)) {
            kill(pid, SIGKILL)
            wait(timeout: .seconds(5))
        }
    }

    /// Sends `signal` unless the child has ended (its pid may belong to another process by then).
    public func send(_ signal: Int32) {
        termination.withLock { if $0 == nil { _ = kill(pid, signal) } }
    }
}
