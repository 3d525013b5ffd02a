import Foundation
import HubCore
import MPV

/// `stayfit audio test`: plays clips on the configured output, one after another, through the same speech player
/// the hub uses, and says whether the device worked.
public enum AudioTest {
    /// Plays `clips` on `device` in order and returns once the last one has finished (and, for a file, once the
    /// whole recording is at its path).
    ///
    /// - Parameter ifExists: for a file, what to do with one already at its path.
    /// - Throws: `AudioOutputError` when libmpv is missing, the device cannot be opened, or the file cannot be
    ///   written whole, naming what to fix.
    public static func play(
        _ clips: [(samples: [Int16], format: PCMFormat)], on device: AudioDevice, ifExists: SafeFileWriter.IfExists
    ) async throws {
        let output = try AudioOutput(device: device, ifExists: ifExists)
        let folder = try PrivateFolder.make(prefix: "stayfit-audio-test")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (events, continuation) = AsyncStream.makeStream(of: MPVEvent.self)
        async let forwarding = output.forwardEvents { source, event in
            if source == .speech { continuation.yield(event) }
        }
        var failure: (any Error)?
        var lastError: String?
        var iterator = events.makeAsyncIterator()
        clips: for (index, clip) in clips.enumerated() {
            let file = folder + "/clip-\(index).wav"
            try SafeFileWriter.write(
                WAVFile.bytes(samples: clip.samples, format: clip.format), to: file, ifExists: .replace,
                allowsStandardOutput: false)
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
        let recording = await forwarding
        continuation.finish()
        if let failure { throw failure }
        if let recording { throw recording }
    }
}
