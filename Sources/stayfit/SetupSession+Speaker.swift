import Foundation
import HubCore
import MPV
import Music

extension SetupSession {
    /// Step 2: play `audio test`'s chime and sentence on a device until the person hears it.
    mutating func speakerStep() async throws {
        Self.heading(2, "the speaker")
        if !detected.hasSound { writeLine("No sound card was found here.") }
        guard try await conversation.wantsStep("Play a test sound (a chime and a sentence) now?") else {
            if !detected.hasSound { configuration.audioDevice = nil }
            return writeLine(
                configuration.audioDevice == nil
                    ? "Skipped: the voice coach and music stay off."
                    : "Skipped: the voice coach and music play on \"auto\"; try it later with: stayfit audio test")
        }
        var device = "auto"
        while true {
            let typed = try await conversation.ask(
                "Audio device: auto, alsa/default, pulse, pipewire, or a .wav file to record into; s to skip [\(device)]"
            )
            if ["s", "skip"].contains(typed.lowercased()) {
                configuration.audioDevice = nil
                configuration.why["music"] = "skipped during setup"
                return writeLine("Skipped: the voice coach and music stay off.")
            }
            if !typed.isEmpty { device = typed }
            guard let target = AudioDevice(device) else {
                writeLine("\"\(Format.printable(device, limit: 60))\" is not an audio device. \(AudioDevice.hint).")
                device = "auto"
                continue
            }
            writeLine("Playing a chime and \"\(AudioCommand.Test.sentence)\" on \(target)…")
            do {
                try await Self.play(on: target)
            } catch {
                writeLine("That did not play: \(error)")
                continue
            }
            switch try await conversation.ask("Did you hear it? y to use this device, n to try another, s to skip [y]")
                .lowercased()
            {
            case "", "y", "yes":
                configuration.audioDevice = device
                return writeLine("The voice coach and music will play on \(device).")
            case "s", "skip":
                configuration.audioDevice = nil
                configuration.why["music"] = "skipped during setup"
                return writeLine("Skipped: the voice coach and music stay off.")
            default:
                writeLine(
                    "Check the speaker's volume and cable; `aplay -L` lists the devices (write one as alsa/NAME).")
            }
        }
    }

    /// `stayfit audio test`'s sound, in eSpeak NG's default English voice.
    private static func play(on target: AudioDevice) async throws {
        let defaults = try HubConfiguration(text: ConfigOptions.builtInDefaults, file: "built-in defaults")
        let clip = try await AudioCommand.Test.speak(AudioCommand.Test.sentence, defaults)
        let clips: [(samples: [Int16], format: PCMFormat)] = [
            (SelfMadeMusic.chime(), SelfMadeMusic.format),
            (clip.samples, PCMFormat(sampleRate: clip.sampleRate, channels: clip.channels)),
        ]
        // A recording's file is never replaced without asking: refused, and the person gives another name.
        try await AudioTest.play(clips, on: target, ifExists: .refuse)
    }
}
