import Foundation
import MPV

/// `stayfit audio test`: plays clips on the configured output, one after another, through the same speech player
/// the hub uses, and says whether the device worked.
public enum AudioTest {
    /// Plays `clips` on `device` in order and returns once the last one has finished.
    ///
    /// - Throws: `AudioOutputError` when libmpv is missing or the device cannot be opened, naming what to fix.
    public static func play(_ clips: [(samples: [Int16], format: PCMFormat)], on device: AudioDevice) async throws {
        let output = try AudioOutput(device: device)
        let folder = NSTemporaryDirectory() + "/stayfit-audio-test-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (events, continuation) = AsyncStream.makeStream(of: MPVEvent.self)
        async let forwarding: Void = output.forwardEvents { source, event in
            if source == .speech { continuation.yield(event) }
        }
        var failure: (any Error)?
        var lastError: String?
        var iterator = events.makeAsyncIterator()
        clips: for (index, clip) in clips.enumerated() {
            let file = folder + "/clip-\(index).wav"
            try Data(WAVFile.bytes(samples: clip.samples, format: clip.format)).write(to: URL(fileURLWithPath: file))
            do {
                try output.speech.command("loadfile", file, "replace")
            } catch {
                failure = AudioOutputError.player(error, device: device)
                break
            }
            while let event = await iterator.next() {
                switch event {
                case .log(let level, let prefix, let text) where level == "error" || level == "fatal":
                    lastError = "\(prefix): \(text)"
                case .endFile(let end) where end.reason == .error:
                    failure =
                        end.isAudioDeviceFailure
                        ? AudioOutputError.deviceFailed(device, detail: lastError)
                        : AudioOutputError.deviceFailed(device, detail: output.speech.errorMessage(end.error))
                    break clips
                case .endFile:
                    continue clips
                default:
                    continue
                }
            }
        }
        output.shutdown()
        await forwarding
        continuation.finish()
        if let failure { throw failure }
    }
}
