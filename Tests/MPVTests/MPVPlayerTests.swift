import BlueZTestKit
import Foundation
import MPV
import Testing

/// The wrapper against the real libmpv (opened with dlopen), writing raw PCM into a file.
@Suite struct MPVPlayerTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "/stayfit-mpv-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A 16-bit mono WAV of a 440 Hz tone.
    private func tone(_ path: String, seconds: Double, sampleRate: Int) throws {
        let count = Int(seconds * Double(sampleRate))
        var bytes = Array("RIFF".utf8) + le32(36 + count * 2) + Array("WAVEfmt ".utf8) + le32(16)
        bytes += [1, 0, 1, 0] + le32(sampleRate) + le32(sampleRate * 2) + [2, 0, 16, 0] + Array("data".utf8)
        bytes += le32(count * 2)
        for n in 0..<count {
            let value = UInt16(bitPattern: Int16(8000 * sin(2 * .pi * 440 * Double(n) / Double(sampleRate))))
            bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }

    private func waitFor(_ player: MPVPlayer, _ predicate: (MPVEvent) -> Bool) async throws -> [MPVEvent] {
        var seen: [MPVEvent] = []
        // Generous: a loaded two-core machine can hold libmpv's threads back for many seconds.
        let deadline = ContinuousClock.now + TestDeadline.hang
        for await event in player.events {
            seen.append(event)
            if predicate(event) { return seen }
            guard ContinuousClock.now < deadline else { break }
        }
        Issue.record("the awaited event never came; events: \(seen)")
        return seen
    }

    @Test func twoFilesAtDifferentRatesLandInOneFileInTheFixedFormat() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try tone(dir + "/a.wav", seconds: 0.5, sampleRate: 44_100)
        try tone(dir + "/b.wav", seconds: 0.7, sampleRate: 22_050)
        let player = try MPVPlayer(
            library: .shared(), options: MPVOptions.headless + MPVOptions.rawPCM(to: dir + "/out.pcm"))
        try player.command("loadfile", dir + "/a.wav", "append-play")
        try player.command("loadfile", dir + "/b.wav", "append")
        // Until both files ended, not until the player is idle: a player may say it is idle once before it has
        // taken the first loadfile (seen on a loaded machine).
        var ended = 0
        let events = try await waitFor(player) {
            if case .endFile = $0 { ended += 1 }
            return ended == 2
        }
        #expect(events.filter { if case .endFile(let end) = $0 { end.reason == .endOfFile } else { false } }.count == 2)
        player.shutdown()
        for await _ in player.events {}
        // Both files survive (the format never changed, so the output was not reopened): 1.2 s of 44.1 kHz stereo.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir + "/out.pcm")[.size] as? Int)
        let seconds = Double(size) / Double(PCMFormat.standard.sampleRate * PCMFormat.standard.bytesPerFrame)
        #expect(abs(seconds - 1.2) < 0.05, "wrote \(seconds) s")
    }

    @Test func aMissingFileEndsWithALoadingErrorAndThePlayerGoesOn() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let player = try MPVPlayer(
            library: .shared(), options: MPVOptions.headless + MPVOptions.rawPCM(to: dir + "/out.pcm"))
        try player.command("loadfile", dir + "/missing.ogg", "replace")
        let events = try await waitFor(player) { if case .endFile = $0 { true } else { false } }
        guard case .endFile(let end) = events.last else { return }
        #expect(end.reason == .error)
        #expect(end.error == -13)
        #expect(player.errorMessage(end.error).contains("loading failed"))
        player.shutdown()
    }

    @Test func aBadOptionIsRefusedWithItsName() throws {
        let error = #expect(throws: MPVError.self) {
            try MPVPlayer(library: .shared(), options: [("no-such-option", "1")])
        }
        #expect(error?.description.contains("no-such-option=1") == true)
    }

    @Test func afterShutdownTheEventsEndAndCommandsAreRefusedNotCrashing() async throws {
        let player = try MPVPlayer(library: .shared(), options: MPVOptions.headless + [("ao", "null")])
        player.shutdown()
        for await _ in player.events {}
        #expect(throws: MPVError.self) { try player.command("stop") }
        #expect(player.string("volume") == nil)
        #expect(MPVLibrary.isMappedInThisProcess)
    }
}
