import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// CPU time (user + system) of the three processes a notification passes through, at one moment.
struct CPUTime {
    /// This process: the plugin, the message bus, the logger and the store (all threads).
    var hub: Duration
    /// The private dbus-daemon.
    var daemon: Duration
    /// python-dbusmock, the stand-in for bluetoothd: reported, never counted as the hub's cost.
    var mock: Duration

    /// Reads all three now; `daemon` and `mock` are process ids.
    static func now(daemon: pid_t, mock: pid_t) throws -> CPUTime {
        CPUTime(hub: try ownTime(), daemon: try time(of: daemon), mock: try time(of: mock))
    }

    static func - (after: CPUTime, before: CPUTime) -> CPUTime {
        CPUTime(hub: after.hub - before.hub, daemon: after.daemon - before.daemon, mock: after.mock - before.mock)
    }

    static func / (total: CPUTime, count: Int) -> CPUTime {
        CPUTime(hub: total.hub / count, daemon: total.daemon / count, mock: total.mock / count)
    }

    /// getrusage(RUSAGE_SELF): every thread of this process, in microseconds.
    private static func ownTime() throws -> Duration {
        var usage = rusage()
        // Glibc imports RUSAGE_SELF as an enum case but getrusage takes its raw value.
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else {
            throw BenchmarkError("getrusage failed: errno \(errno)")
        }
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    /// utime + stime from `/proc/<pid>/stat`, in clock ticks (10 ms on Linux).
    private static func time(of pid: pid_t) throws -> Duration {
        let path = "/proc/\(pid)/stat"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { throw BenchmarkError("cannot read \(path)") }
        // The command name (field 2) may contain spaces, so count fields after its closing parenthesis:
        // field 3 (state) comes first, utime and stime are fields 14 and 15.
        let fields = text[text.index(after: end)...].split(separator: " ")
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]), ticksPerSecond > 0 else {
            throw BenchmarkError("unexpected \(path): \(text)")
        }
        return .seconds(Double(user + system) / Double(ticksPerSecond))
    }
}

/// Why the benchmark could not measure.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
