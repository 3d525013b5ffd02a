import Foundation
import HubCore
import MPV

/// Music and a chime made by code, so that the demo, `stayfit audio test` and the tests need no music files: short
/// melodies of sine tones with a soft attack and decay, written as tagged WAV files. Self-made, free of any licence.
public enum SelfMadeMusic {
    /// One self-made track: a title and its notes (MIDI note numbers; nil is a rest), each `beat` long.
    public struct Track: Sendable {
        public var title: String
        public var notes: [Int?]
        public var beat: Double
    }

    /// The artist tag of every self-made track.
    public static let artist = "StayFit Hub"

    /// Three tracks of about 4 seconds each.
    public static let tracks: [Track] = [
        Track(title: "Warm-up", notes: [60, 64, 67, 72, 67, 64, 60, nil, 62, 65, 69, 74, 69, 65, 62, nil], beat: 0.25),
        Track(
            title: "Steady Pace", notes: [57, 60, 64, 60, 55, 59, 62, 59, 53, 57, 60, 57, 55, 59, 62, 67], beat: 0.25),
        Track(
            title: "Last Kilometre", notes: [72, 71, 69, 67, 65, 64, 62, 60, 64, 67, 72, nil, 72, nil, 60, nil],
            beat: 0.25),
    ]

    /// The sample rate the music is made at.
    public static let format = PCMFormat(sampleRate: 22_050, channels: 1)

    /// Writes the tracks as `01 Warm-up.wav` … into `folder` (created if needed) and returns their paths.
    public static func write(into folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try tracks.enumerated().map { index, track in
            let path = folder + String(format: "/%02d %@.wav", index + 1, track.title)
            let bytes = WAVFile.bytes(samples: samples(of: track), format: format, title: track.title, artist: artist)
            try SafeFileWriter.write(bytes, to: path, ifExists: .replace, allowsStandardOutput: false)
            return path
        }
    }

    /// A two-note chime (E6 then C6, 0.7 s): what `stayfit audio test` plays first.
    public static func chime() -> [Int16] {
        samples(of: Track(title: "Chime", notes: [88, 84], beat: 0.35), amplitude: 0.5, ring: 3)
    }

    /// The samples of a track at `format`: each note a sine with its octave, faded in over 10 ms and out
    /// exponentially, so that no note clicks.
    static func samples(of track: Track, amplitude: Double = 0.35, ring: Double = 6) -> [Int16] {
        let perBeat = Int(track.beat * Double(format.sampleRate))
        var out = [Int16](repeating: 0, count: perBeat * track.notes.count)
        for (index, note) in track.notes.enumerated() {
            guard let note else { continue }
            let frequency = 440 * pow(2, Double(note - 69) / 12)
            for n in 0..<perBeat {
                let t = Double(n) / Double(format.sampleRate)
                let envelope = min(1, t / 0.01) * exp(-ring * t)
                let tone = sin(2 * .pi * frequency * t) + 0.3 * sin(4 * .pi * frequency * t)
                out[index * perBeat + n] = Int16(clamping: Int(amplitude * envelope * tone / 1.3 * 32_767))
            }
        }
        return out
    }
}
