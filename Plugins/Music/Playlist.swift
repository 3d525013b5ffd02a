import Foundation

/// The tracks to play: the entries of an M3U/M3U8 file, or the audio files of a folder in name order.
///
/// Reading it never fails: a missing or unreadable playlist is empty (the plugin says "Empty Playlist"), and
/// entries whose file is missing are left out and listed in `missing`, to be reported.
struct Playlist: Equatable {
    /// Absolute paths (or URLs), in playing order.
    var tracks: [String]
    /// Entries that name a file that does not exist, as written in the playlist.
    var missing: [String]
    /// Why the playlist itself could not be read, if it could not.
    var problem: String?

    /// File name endings played from a folder (what libmpv decodes that people keep music in).
    static let audioExtensions: Set<String> = [
        "mp3", "ogg", "oga", "opus", "flac", "wav", "m4a", "aac", "wma", "aiff", "aif", "mka",
    ]

    /// Reads `path`: a folder, or an `.m3u`/`.m3u8` file (any other file is taken as one track).
    static func load(_ path: String) -> Playlist {
        guard !path.isEmpty else { return Playlist(tracks: [], missing: [], problem: "no playlist is configured") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return Playlist(tracks: [], missing: [], problem: "\(path) does not exist")
        }
        if isDirectory.boolValue { return folder(path) }
        let ending = (path as NSString).pathExtension.lowercased()
        guard ending == "m3u" || ending == "m3u8" else { return Playlist(tracks: [path], missing: []) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return Playlist(tracks: [], missing: [], problem: "\(path) cannot be read")
        }
        return parse(m3u: data, relativeTo: (path as NSString).deletingLastPathComponent)
    }

    /// M3U and M3U8: one entry a line; `#` lines are comments or `#EXTINF` tags; a relative entry is relative to
    /// the playlist's folder; `file://` URLs are allowed. M3U8 is UTF-8; plain M3U is often Latin-1, so text that
    /// is not UTF-8 is read as Latin-1 rather than dropped.
    static func parse(m3u data: Data, relativeTo folder: String) -> Playlist {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let text =
            String(validating: bytes, as: UTF8.self)
            ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        var tracks: [String] = []
        var missing: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.contains("://") && !line.hasPrefix("file://") {
                tracks.append(line)  // a stream URL: libmpv opens it, and reports it if it cannot
                continue
            }
            var path = line.hasPrefix("file://") ? (URL(string: line)?.path ?? String(line.dropFirst(7))) : line
            if !path.hasPrefix("/") { path = (folder as NSString).appendingPathComponent(path) }
            path = (path as NSString).standardizingPath
            if FileManager.default.isReadableFile(atPath: path) { tracks.append(path) } else { missing.append(line) }
        }
        return Playlist(tracks: tracks, missing: missing)
    }

    private static func folder(_ path: String) -> Playlist {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return Playlist(tracks: [], missing: [], problem: "the folder \(path) cannot be read")
        }
        let tracks = names.filter { audioExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { (path as NSString).appendingPathComponent($0) }
        return Playlist(tracks: tracks, missing: [])
    }
}
