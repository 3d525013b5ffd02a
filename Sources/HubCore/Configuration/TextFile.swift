import Foundation

/// Reads a small text file — a configuration file, a recording — with a size limit, so that a mistaken path
/// (`/dev/zero`, a disk image, a log of gigabytes) is refused instead of filling memory.
///
/// Regular files, character devices (`/dev/null`) and pipes (`--config <(…)`) are read; a directory or a
/// socket is refused. A regular file's size is checked before anything is read.
public enum TextFile {
    /// Why a file could not be read; `description` says it in a few words, e.g. "is a directory".
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case doesNotExist
        case notReadable
        case isDirectory
        case notAFile
        case tooLarge(limit: Int)
        case notUTF8
        case failed(String)

        public var description: String {
            switch self {
            case .doesNotExist: "does not exist"
            case .notReadable: "is not readable by this user"
            case .isDirectory: "is a directory, not a file"
            case .notAFile: "is not a file (a socket or a block device)"
            case .tooLarge(let limit): "is larger than \(TextFile.size(limit)), the most this file may be"
            case .notUTF8: "is not UTF-8 text"
            case .failed(let reason): "cannot be read: \(reason)"
            }
        }
    }

    /// One mebibyte, the limit for configuration files.
    public static let mebibyte = 1 << 20

    /// The whole file at `path` as UTF-8 text, if it is at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Failure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw .doesNotExist
            case EACCES, EPERM: throw .notReadable
            default: throw .failed(String(cString: strerror(errno)))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .failed(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard status.st_size <= limit else { throw .tooLarge(limit: limit) }
        case S_IFCHR, S_IFIFO:
            break  // no size to check: read at most limit + 1 bytes below
        case S_IFDIR:
            throw .isDirectory
        default:
            throw .notAFile
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress, min($0.count, limit + 1 - bytes.count))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw errno == EISDIR ? .isDirectory : .failed(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        // A file that grew while being read, or a device without end.
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// `1 MiB`, `16 MiB`, or bytes under a mebibyte.
    static func size(_ bytes: Int) -> String {
        bytes >= mebibyte && bytes % mebibyte == 0 ? "\(bytes / mebibyte) MiB" : "\(bytes) bytes"
    }
}
