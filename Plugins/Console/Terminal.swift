import Foundation

/// The controlling terminal: whether there is one, and raw (one key at a time, no echo) mode.
struct Terminal {
    /// True when both standard input and output are terminals (a console, tmux, ssh).
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    private var saved: termios?

    /// Switches stdin to raw mode; `restore()` puts the saved settings back.
    mutating func enterRawMode() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // Keep ISIG so Ctrl-C still sends SIGINT: the hub shuts down gracefully on it.
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// Restores the settings saved by `enterRawMode()`.
    mutating func restore() {
        guard var settings = saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        saved = nil
    }
}
