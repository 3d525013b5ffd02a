import Foundation
import HubTestKit
import Testing

@testable import Music

@Suite struct PlaylistTests {
    @Test func anM3UPlaylistResolvesRelativeEntriesSkipsCommentsAndListsMissingFiles() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.path
        try FileManager.default.createDirectory(atPath: folder + "/songs", withIntermediateDirectories: true)
        for name in ["songs/a.ogg", "b c.mp3"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1]))
        }
        let text =
            "#EXTM3U\n#EXTINF:123,Someone - Song\nsongs/a.ogg\r\n\n  \(folder)/b c.mp3  \ngone.flac\nfile://\(folder)/songs/a.ogg\n"
        let playlist = Playlist.parse(m3u: Data(text.utf8), relativeTo: folder)
        #expect(playlist.tracks == [folder + "/songs/a.ogg", folder + "/b c.mp3", folder + "/songs/a.ogg"])
        #expect(playlist.missing == ["gone.flac"])
    }

    @Test func aLatin1PlaylistIsReadRatherThanDropped() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.path
        _ = FileManager.default.createFile(atPath: folder + "/Caf\u{E9}.mp3", contents: Data([1]))
        let playlist = Playlist.parse(m3u: Data([0x43, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x70, 0x33]), relativeTo: folder)
        #expect(playlist.tracks == [folder + "/Caf\u{E9}.mp3"])
    }

    @Test func aFolderPlaysItsAudioFilesInNaturalNameOrder() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.path
        for name in ["10 ten.mp3", "2 two.ogg", "notes.txt", "1 one.FLAC", "cover.jpg"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1]))
        }
        #expect(
            Playlist.load(folder).tracks.map { ($0 as NSString).lastPathComponent } == [
                "1 one.FLAC", "2 two.ogg", "10 ten.mp3",
            ])
    }

    @Test(arguments: ["", "/nonexistent/stayfit/music"])
    func aMissingPlaylistIsEmptyWithAReason(_ path: String) {
        let playlist = Playlist.load(path)
        #expect(playlist.tracks.isEmpty)
        #expect(playlist.problem != nil)
    }
}
