import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with an empty signal mask.
///
/// Foundation's `Process` spawns from whatever thread runs the test, and Swift's concurrency threads block most
/// signals; the child inherits that mask and then ignores SIGTERM. Spawning here resets the mask so `kill` works.
public struct ChildProcess: Sendable {
    public let pid: pid_t

    /// Starts `path` with `arguments`; stdout goes to `stdout` (a fd to dup) or /dev/null, stderr to `stderrPath`.
    public static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String] = [:],
        stdout: Int32? = nil, stderrPath: String = "/dev/null"
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdout {
            posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)

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
        guard status == 0 else { throw HarnessError("Cannot start \(path): error \(status)") }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to exit, up to `timeout`; returns whether it did.
    @discardableResult
    public func wait(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    /// Waits for the child to exit without blocking a thread, up to `timeout`; returns its exit code, or nil on
    /// timeout or when a signal ended it.
    public func exitCode(within timeout: Duration) async throws -> Int32? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// Sends SIGTERM, waits, and falls back to SIGKILL; always reaps the child.
    public func stop() {
        kill(pid, SIGTERM)
        if !wait(timeout: .seconds(5)) {
            kill(pid, SIGKILL)
            wait(timeout: .seconds(5))
        }
    }
}
