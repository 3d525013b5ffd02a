import Foundation
import HubCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a document to a file 64 KiB at a time, so that a long workout's export never sits whole in memory.
///
/// A named file is written through `SafeFileWriter` and put in place by `finish()`: a failed or abandoned export
/// leaves no half-written file behind, and what is at the path is replaced only as the writer was told. Standard
/// output (`path` nil or `-`) is written as it goes. A download (``init()``) gathers in memory, for the web app to
/// hand over whole: the file is the reply, not a file on the hub.
public final class ChunkedFileWriter {
    static let chunkSize = 64 * 1024

    private var buffer: [UInt8] = []
    /// Nil for a document kept in memory (a download), which gathers in `document`.
    private let file: SafeFileWriter?
    /// The whole document of a writer made with ``init()``, once it has finished; empty for a file.
    public private(set) var document: [UInt8] = []
    private var failure: FileWriteError?
    /// Bytes written so far, the buffer included.
    public private(set) var byteCount = 0

    /// Checks `path` and opens the file (it replaces what is there only when it finishes); nil or `-` writes to
    /// standard output.
    ///
    /// - Throws: `FileWriteError` naming the file when it cannot be created, or may not be replaced.
    public init(path: String?, ifExists: SafeFileWriter.IfExists) throws {
        buffer.reserveCapacity(Self.chunkSize + 1024)
        file = try SafeFileWriter(path: path ?? SafeFileWriter.standardOutput, ifExists: ifExists)
    }

    /// Keeps the document in memory, for a download: the web app hands it over whole, and no file is written.
    public init() {
        buffer.reserveCapacity(Self.chunkSize + 1024)
        file = nil
    }

    // MARK: - Text

    /// Appends text as it is (markup; never data from outside, which goes through `escaped`).
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        flushIfFull()
    }

    /// Appends `text` with XML's special characters escaped.
    public func write(escaped text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): buffer.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): buffer.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): buffer.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): buffer.append(contentsOf: "&quot;".utf8)
            case 0..<0x20 where byte != 0x09 && byte != 0x0a && byte != 0x0d: continue  // not allowed in XML 1.0
            default: buffer.append(byte)
            }
        }
        flushIfFull()
    }

    /// Appends a whole number.
    public func write(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        buffer.append(contentsOf: digits.reversed())
    }

    /// Appends `value` with exactly `decimals` digits after the point (fast, and the same in every locale).
    public func write(_ value: Double, decimals: Int) {
        guard value.isFinite else { return write(0) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return write("\(value)") }
        let units = Int(scaled)
        let divisor = Int(scale)
        if value < 0, units > 0 { buffer.append(UInt8(ascii: "-")) }
        write(units / divisor)
        guard decimals > 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var fraction = units % divisor
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: decimals)
        for index in stride(from: decimals - 1, through: 0, by: -1) {
            digits[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
        }
        buffer.append(contentsOf: digits)
    }

    /// Appends `date` as an XML Schema dateTime in UTC, with milliseconds only when it has them.
    public func write(time date: Date) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        pad(Int(parts.tm_year) + 1900, 4)
        buffer.append(UInt8(ascii: "-"))
        pad(Int(parts.tm_mon) + 1, 2)
        buffer.append(UInt8(ascii: "-"))
        pad(Int(parts.tm_mday), 2)
        buffer.append(UInt8(ascii: "T"))
        pad(Int(parts.tm_hour), 2)
        buffer.append(UInt8(ascii: ":"))
        pad(Int(parts.tm_min), 2)
        buffer.append(UInt8(ascii: ":"))
        pad(Int(parts.tm_sec), 2)
        if fraction > 0 {
            buffer.append(UInt8(ascii: "."))
            pad(fraction, 3)
        }
        buffer.append(UInt8(ascii: "Z"))
    }

    private func pad(_ value: Int, _ width: Int) {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var rest = value
        for index in stride(from: width - 1, through: 0, by: -1) {
            digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        buffer.append(contentsOf: digits)
    }

    // MARK: - Output

    private func flushIfFull() {
        if buffer.count >= Self.chunkSize { flush() }
    }

    private func flush() {
        defer {
            byteCount += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        guard failure == nil else { return }
        guard let file else { return document.append(contentsOf: buffer) }
        do throws(FileWriteError) {
            try file.write(buffer)
        } catch {
            failure = error
        }
    }

    /// Writes what is left and, for a file, puts it in place under its name.
    ///
    /// - Throws: `FileWriteError` naming the file when a write failed (a full disk, say); nothing is left behind.
    public func finish() throws {
        flush()
        if let failure {
            file?.discard()
            throw failure
        }
        try file?.commit()
    }
}
