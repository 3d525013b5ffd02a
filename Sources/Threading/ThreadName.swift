#if canImport(Glibc)
    import Glibc
#endif

/// The name the kernel shows for a thread: `top -H` and `/proc/<pid>/task/*/comm` show it, so that wake-ups and
/// CPU can be put down to the right thread.
public enum ThreadName {
    /// Gives the calling thread `name`; Linux keeps 15 bytes at most (longer names are cut).
    ///
    /// Foundation's `Thread.name` reaches the kernel only if the new thread runs after `start()` has recorded it,
    /// which is a race; `pthread_setname_np` is not in Swift's Glibc module.
    public static func setForCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }  // no /proc: the name is only a help
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}
