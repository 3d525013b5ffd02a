import HubCore
import MPV

/// The output could not be opened: libmpv is missing, the device refused, or the WAV file cannot be written.
public struct AudioOutputError: Error, Sendable, CustomStringConvertible {
    public let description: String

    private init(_ description: String) { self.description = description }

    static func cannotOpen(_ path: String, reason: String) -> AudioOutputError {
        AudioOutputError("cannot write \(path): \(reason). Check that its folder exists and is writable")
    }

    /// The WAV file may not be written at its path, or could not be written whole (a full disk, say).
    static func file(_ error: FileWriteError) -> AudioOutputError {
        AudioOutputError(error.description)
    }

    static func player(_ error: MPVError, device: AudioDevice) -> AudioOutputError {
        AudioOutputError("the audio output \(device) could not start: \(error)")
    }

    static func deviceFailed(_ device: AudioDevice, detail: String?) -> AudioOutputError {
        AudioOutputError(
            "the audio device \(device) could not be opened" + (detail.map { " (\($0))" } ?? "")
                + ". Check audio-device in [plugins.music] (aplay -L lists ALSA devices; write them as "
                + "\"alsa/<name>\"), and that the hub's user is in the audio group (sudo usermod -aG audio <user>)")
    }
}
