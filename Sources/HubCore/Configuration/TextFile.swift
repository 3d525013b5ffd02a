import Foundation

/// Reads a small text file that a person named — a configuration file, a recording — with a size limit, so that a
/// mistaken path (`/dev/zero`, a disk image, a log of gigabytes) is refused instead of filling memory, and a FIFO
/// or a terminal is refused instead of blocking the hub until someone writes to it.
///
/// Only regular files are read (a symbolic link to one is followed), and `/dev/null`, which is an empty file. The
/// file is opened without blocking, then what was opened is checked: a FIFO swapped in for the file cannot make the
/// open or the read wait. A regular file's size is checked before anything is read; text with a NUL byte is
/// refused with its line, since a C parser would silently stop there and ignore the rest.
public enum TextFile {
    /// Why a file could not be read; `description` says it in a few words, e.g. "is a directory".
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case doesNotExist
        case notReadable
        case isDirectory
        /// A FIFO, a socket or a device: `kind` names it.
        case notARegularFile(kind: String)
        case tooLarge(limit: Int)
        case notUTF8
        /// A NUL byte, on this line (1-based).
        case nulByte(line: Int)
        case failed(String)

        public var description: String {
            switch self {
            case .doesNotExist: "does not exist"
            case .notReadable: "is not readable by this user"
            case .isDirectory: "is a directory, not a file"
            case .notARegularFile(let kind): "is \(kind), not a regular file"
            case .tooLarge(let limit): "is larger than \(TextFile.size(limit)), the most this file may be"
            case .notUTF8: "is not UTF-8 text"
            case .nulByte(let line): "has a NUL byte on line \(line), which text never has"
            case .failed(let reason): "cannot be read: \(reason)"
            }
        }

        /// The line the failure is on, when it is on one.
        public var line: Int? {
            if case .nulByte(let line) = self { line } else { nil }
        }
    }

    /// One mebibyte, the limit for configuration files.
    public static let mebibyte = 1 << 20

    /// The whole file at `path` as UTF-8 text, if it is a regular file of at most `limit` bytes without NUL.
    public static func read(_ path: String, limit: Int) throws(Failure) -> String {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        guard size <= limit else { throw .tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress, min($0.count, limit + 1 - bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        // A file that grew while being read.
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        if let line = lineOfFirstNUL(in: bytes) { throw .nulByte(line: line) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// Opens `path` for reading if it is a regular file (or `/dev/null`) and returns the descriptor, which the
    /// caller closes, and the file's size.
    ///
    /// For a reader that streams the file rather than reading it whole (GPX, TCX). The open never blocks (a FIFO
    /// would wait for a writer), never makes a terminal the hub's controlling terminal, and follows symbolic links:
    /// a linked configuration file is usual. What was opened is what is checked, so the file cannot be swapped
    /// between the check and the read.
    public static func openRegularFile(_ path: String) throws(Failure) -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .doesNotExist
            case EACCES, EPERM: throw .notReadable
            case ENXIO: throw .notARegularFile(kind: "a FIFO or socket with no one at the other end")
            default: throw .failed(String(cString: strerror(errno)))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .failed(reason)
        }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return (descriptor, Int(status.st_size))
        case S_IFCHR where isNullDevice(status):
            return (descriptor, 0)
        case S_IFDIR:
            close(descriptor)
            throw .isDirectory
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFSOCK: kind = "a socket"
        case S_IFCHR, S_IFBLK: kind = "a device"
        default: kind = "a special file"
        }
        close(descriptor)
        throw .notARegularFile(kind: kind)
    }

    /// The 1-based line of the first NUL byte in `bytes`, or nil when there is none.
    public static func lineOfFirstNUL(in bytes: some Collection<UInt8>) -> Int? {
        var line = 1
        for byte in bytes {
            if byte == 0 { return line }
            if byte == UInt8(ascii: "\n") { line += 1 }
        }
        return nil
    }

    /// Whether a character device is `/dev/null`: compared by device number, so a link to it counts too.
    private static func isNullDevice(_ status: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && (null.st_mode & S_IFMT) == S_IFCHR && null.st_rdev == status.st_rdev
    }

    /// `1 MiB`, `16 MiB`, or bytes under a mebibyte.
    static func size(_ bytes: Int) -> String {
        bytes >= mebibyte && bytes % mebibyte == 0 ? "\(bytes / mebibyte) MiB" : Format.counted(bytes, "byte")
    }
}
