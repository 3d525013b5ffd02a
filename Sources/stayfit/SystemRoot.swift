import ArgumentParser
import Buttons

/// Where the commands that look at the machine's devices (`setup`, `buttons`) find `/sys`, `/proc`, `/dev` and
/// `/run`: `/`, or a folder standing in for it.
///
/// Hidden: it exists for the tests (a FIFO in a folder stands in for `/dev/input/event0`, as in `scripts/install
/// --destdir`), and for looking at a copied tree; a person never needs it.
struct SystemRoot: ParsableArguments {
    @Option(
        name: .customLong("root"),
        help: ArgumentHelp(
            "Look for devices under this folder as if it were / (for tests).", valueName: "dir", visibility: .hidden))
    var root: String?

    /// `path` (absolute, such as `/sys/class/bluetooth`) under the root.
    func path(_ path: String) -> String {
        guard let root, !root.isEmpty, root != "/" else { return path }
        return (root.hasSuffix("/") ? String(root.dropLast()) : root) + path
    }

    /// Whether this is the machine itself, where network services (gpsd on localhost) may be asked too.
    var isMachine: Bool { root == nil || root == "/" }

    /// The input devices under the root.
    var inputDevices: DeviceFinder {
        DeviceFinder(deviceDirectory: path("/dev/input"), sysfsDirectory: path("/sys/class/input"))
    }
}
