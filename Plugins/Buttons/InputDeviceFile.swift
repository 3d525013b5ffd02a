import CLinuxInput
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens an input device file for reading events, asks its name and grabs it: the few system calls around a
/// `/dev/input/event*` file (or a FIFO standing in for one) before its events are read.
enum InputDeviceFile {
    /// What `EVIOCGRAB` said.
    enum Grab: Sendable, Equatable {
        /// The hub alone receives its events.
        case grabbed
        /// Not asked for (`grab = false`).
        case notAsked
        /// Not an input device (a FIFO, a recorded file): nothing to grab, the events are read all the same.
        case notAnInputDevice
        /// Another program holds it; the hub reads its events too, and so does that program.
        case heldByAnother
        case failed(errno: Int32)
    }

    /// An opened device; the caller hands `descriptor` to a ``FileDescriptorReader`` that owns it.
    struct Opened: Sendable {
        var descriptor: Int32
        /// The kernel's name for it (`EVIOCGNAME`), nil for a file that is not an input device.
        var name: String?
        var grab: Grab
    }

    /// Opens `path` without blocking (a FIFO without a writer opens at once, and reads end of file until one comes),
    /// close-on-exec.
    /// - Returns: the opened device, or the `errno` of `open`.
    static func open(_ path: String, grab: Bool) -> Result<Opened, Errno> {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        let name = deviceName(descriptor)
        var outcome = Grab.notAsked
        if grab {
            if stayfit_ioctl_int(descriptor, stayfit_eviocgrab(), 1) == 0 {
                outcome = .grabbed
            } else {
                switch errno {
                case ENOTTY, EINVAL: outcome = .notAnInputDevice
                case EBUSY: outcome = .heldByAnother
                case let error: outcome = .failed(errno: error)
                }
            }
        }
        return .success(Opened(descriptor: descriptor, name: name, grab: outcome))
    }

    /// `EVIOCGNAME`, or nil when the file is not an input device.
    static func deviceName(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBytes {
            stayfit_ioctl_pointer(descriptor, stayfit_eviocgname(UInt32($0.count)), $0.baseAddress)
        }
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).prefix { $0 != 0 }, as: UTF8.self)
    }

    /// An `errno` with its text.
    struct Errno: Error, Sendable, Equatable, CustomStringConvertible {
        var code: Int32
        init(_ code: Int32) { self.code = code }
        var description: String { String(cString: strerror(code)) }
    }
}
