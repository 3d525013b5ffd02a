import HubCore
import MPV

/// The one audio path: a music player and a speech player, both libmpv, on one device or mixed into one WAV file.
///
/// On a device both players open the same output (ALSA's `default` mixes through dmix; PipeWire and PulseAudio
/// mix streams), so speech never interrupts the music, and ducking is the music player's volume. For a file, a
/// `FileSoundCard` plays the part of the device's mixer. Either way the same two players, with the same volume
/// changes, make the sound: what the file holds is what the speaker plays.
final class AudioOutput: Sendable {
    enum Source: Sendable { case music, speech }

    let device: AudioDevice
    let music: MPVPlayer
    let speech: MPVPlayer
    let soundCard: FileSoundCard?

    /// Opens libmpv (the first time in this process) and starts both players.
    ///
    /// - Parameter ifExists: for a file, what to do with one already at its path (the hub replaces its own
    ///   recording; `stayfit audio test` asks).
    /// - Throws: `AudioOutputError` saying what to fix.
    init(device: AudioDevice, ifExists: SafeFileWriter.IfExists = .replace) throws(AudioOutputError) {
        self.device = device
        let library: MPVLibrary
        do { library = try MPVLibrary.shared() } catch { throw .player(error, device: device) }
        var card: FileSoundCard?
        let outputs: [[(String, String)]]
        switch device {
        case .device(let name):
            outputs = [MPVOptions.device(name), MPVOptions.device(name)]
        case .file(let path):
            let made = try FileSoundCard(outputPath: path, inputCount: 2, ifExists: ifExists)
            card = made
            // A small output buffer, so that volume changes reach the file quickly (see FileSoundCard).
            outputs = made.inputs.map { MPVOptions.rawPCM(to: $0) + [("audio-buffer", "0.02")] }
        }
        soundCard = card
        do {
            music = try MPVPlayer(
                library: library, options: MPVOptions.headless + outputs[0] + [("gapless-audio", "weak")])
            speech = try MPVPlayer(library: library, options: MPVOptions.headless + outputs[1])
        } catch {
            throw .player(error, device: device)
        }
    }

    /// Hands every event of both players to `deliver` until both are shut down, then puts the file output in place.
    ///
    /// The file output must keep reading until the players are gone: a player blocked writing into a FIFO nobody
    /// reads could not finish its shutdown.
    ///
    /// - Returns: why the file output is not whole at its path (a full disk, say), or nil (also for a device).
    func forwardEvents(_ deliver: @escaping @Sendable (Source, MPVEvent) -> Void) async -> AudioOutputError? {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [music] in for await event in music.events { deliver(.music, event) } }
            group.addTask { [speech] in for await event in speech.events { deliver(.speech, event) } }
        }
        return await soundCard?.stop()
    }

    /// Starts shutting both players down; `forwardEvents` returns when they and the file output are done.
    func shutdown() {
        music.shutdown()
        speech.shutdown()
    }
}
