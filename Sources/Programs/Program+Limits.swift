extension Program {
    /// What a program file may hold at most: enough for any real program, and small enough that a hostile or
    /// mistaken file (a disk image, a repeat of a billion) is refused before it fills memory or the stack.
    public enum Limits {
        /// The largest `.toml` or `.zwo` file read, in bytes: 1 MiB. A long program is a few kilobytes.
        public static let largestFile = 1 << 20
        /// The longest name of a program or a step, in characters.
        public static let longestName = 200
        /// The most exercises and intervals in a program, with every repeat written out.
        public static let mostSteps = 1000
        /// The most times a block may be repeated.
        public static let mostRepeats = 100
        /// How deep repeats may nest: a repeat in a repeat is 2 deep.
        public static let deepestNesting = 4
        /// The least power, as a share of FTP, in percent: 0 % is no target (leave the target out for a free
        /// interval), and less than 1 % is a fraction written where a percent belongs (0.75 for 75).
        public static let leastFTPPercent = 1.0
        /// The most power, as a share of FTP, in percent; more is a typo (a fraction of 1 written as a percent).
        public static let mostFTPPercent = 300.0
        /// The most power in watts.
        public static let mostWatts = 3000
        /// The longest time of an interval, a set or a rest: 24 hours.
        public static let longestTime = Duration.seconds(24 * 3600)
        /// The longest distance of an interval, in metres: 1,000 km.
        public static let longestDistanceMeters = 1_000_000
    }
}
