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

    /// Why a path was not opened.
    enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `open` failed.
        case system(Errno)
        /// It opened, but is not what buttons come from: a character device that is no input device (`/dev/zero`,
        /// `/dev/urandom`, a serial port: read, it would never end and the hub would spin on it), a directory, a
        /// socket or a block device. `what` says which.
        case notAnInputDevice(what: String)

        var description: String {
            switch self {
            case .system(let error): "cannot open it: \(error)"
            case .notAnInputDevice(let what):
                "not an input device (\(what)); name an evdev device such as /dev/input/event0 (stayfit buttons list "
                    + "shows them), or a FIFO"
            }
        }
    }

    /// Opens `path` without blocking (a FIFO without a writer opens at once, and reads end of file until one comes),
    /// close-on-exec, if it is an input device (`EVIOCGVERSION` answers), a FIFO or a file of recorded events.
    /// - Returns: the opened device, or why not.
    static func open(_ path: String, grab: Bool) -> Result<Opened, Failure> {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(Errno(errno))) }
        if let refusal = refusal(descriptor) {
            Glibc.close(descriptor)
            return .failure(.notAnInputDevice(what: refusal))
        }
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

    /// What `descriptor` is, when buttons cannot come from it; nil for an input device, a FIFO or a regular file.
    static func refusal(_ descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "fstat failed: \(String(cString: strerror(errno)))" }
        switch info.st_mode & S_IFMT {
        case S_IFIFO, S_IFREG: return nil
        case S_IFCHR:
            var version: Int32 = 0
            guard stayfit_ioctl_pointer(descriptor, stayfit_eviocgversion(), &version) != 0 else { return nil }
            return "a character device that does not answer EVIOCGVERSION"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        case S_IFBLK: return "a block device"
        default: return "not a device file"
        }
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
