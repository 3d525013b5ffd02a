import Foundation
import MPV

/// The RIFF WAVE container for 16-bit PCM: what the file output writes, speech clips are handed to libmpv in, and
/// the tests and benchmarks read back.
public enum WAVFile {
    /// A 44-byte header for `dataBytes` bytes of 16-bit PCM in `format`, with optional INFO tags (title, artist)
    /// placed before the data, where libmpv (ffmpeg) reads them as the file's metadata.
    public static func header(format: PCMFormat, dataBytes: Int, title: String? = nil, artist: String? = nil)
        -> [UInt8]
    {
        let info = infoChunk(title: title, artist: artist)
        var bytes: [UInt8] = []
        bytes += Array("RIFF".utf8) + le32(36 + info.count + dataBytes) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + le32(16) + le16(1) + le16(format.channels) + le32(format.sampleRate)
        bytes += le32(format.sampleRate * format.bytesPerFrame) + le16(format.bytesPerFrame) + le16(16)
        bytes += info
        bytes += Array("data".utf8) + le32(dataBytes)
        return bytes
    }

    /// A whole file's bytes for `samples` (interleaved when stereo).
    public static func bytes(
        samples: [Int16], format: PCMFormat, title: String? = nil, artist: String? = nil
    ) -> [UInt8] {
        var bytes = header(format: format, dataBytes: samples.count * 2, title: title, artist: artist)
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample.littleEndian)
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
        return bytes
    }

    /// Reads a 16-bit PCM WAV file: its format and samples (interleaved when stereo).
    ///
    /// - Throws: `CocoaError` when the file cannot be read, `WAVFile.Unreadable` when it is not 16-bit PCM WAV.
    public static func read(_ path: String) throws -> (format: PCMFormat, samples: [Int16]) {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard data.count >= 12, data[0..<4].elementsEqual("RIFF".utf8), data[8..<12].elementsEqual("WAVE".utf8) else {
            throw Unreadable(path: path, reason: "not a RIFF WAVE file")
        }
        var offset = 12
        var format: PCMFormat?
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            let size = Int(u32(data, offset + 4))
            let body = offset + 8
            if id == "fmt ", body + 16 <= data.count {
                guard u16(data, body) == 1, u16(data, body + 14) == 16 else {
                    throw Unreadable(path: path, reason: "not 16-bit PCM")
                }
                format = PCMFormat(sampleRate: Int(u32(data, body + 4)), channels: Int(u16(data, body + 2)))
            } else if id == "data", let format {
                // A file still being written (or cut short) has fewer bytes than its header says: take what is there.
                let end = min(data.count, body + size) & ~1
                var samples = [Int16](repeating: 0, count: (end - body) / 2)
                for index in samples.indices {
                    samples[index] = Int16(bitPattern: u16(data, body + index * 2))
                }
                return (format, samples)
            }
            offset = body + size + (size & 1)
        }
        throw Unreadable(path: path, reason: "no fmt or data chunk")
    }

    /// A file that is not 16-bit PCM WAV.
    public struct Unreadable: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    private static func infoChunk(title: String?, artist: String?) -> [UInt8] {
        var entries: [UInt8] = []
        for (id, text) in [("INAM", title), ("IART", artist)] {
            guard let text else { continue }
            var value = Array(text.utf8) + [0]
            if value.count % 2 == 1 { value.append(0) }
            entries += Array(id.utf8) + le32(value.count) + value
        }
        guard !entries.isEmpty else { return [] }
        return Array("LIST".utf8) + le32(4 + entries.count) + Array("INFO".utf8) + entries
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    private static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
    private static func u16(_ data: [UInt8], _ at: Int) -> UInt16 { UInt16(data[at]) | UInt16(data[at + 1]) << 8 }
    private static func u32(_ data: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(data[at + $1]) << ($1 * 8) }
    }
}
