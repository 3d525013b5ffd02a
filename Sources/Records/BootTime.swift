/// Which boot of the machine, and how long after it: comparable between processes of the same boot.
public struct BootTime: Sendable, Equatable {
    /// The kernel's random id of this boot (`/proc/sys/kernel/random/boot_id`).
    public var bootID: String
    /// Time since boot, suspend included (CLOCK_BOOTTIME), in real seconds.
    public var secondsSinceBoot: Double

    public init(bootID: String, secondsSinceBoot: Double) {
        self.bootID = bootID
        self.secondsSinceBoot = secondsSinceBoot
    }
}
