import Foundation
import MPV
import Music

/// Test signals and their measurement: sine tones written as WAV files, and the level of one frequency in
/// windows of a recorded WAV file (the Goertzel algorithm), so music and speech can be told apart in one mix.
public enum Signal {
    /// A sine of `frequency` at `amplitude` (0…1) for `seconds`.
    public static func sine(frequency: Double, amplitude: Double, seconds: Double, sampleRate: Int) -> [Int16] {
        (0..<Int(seconds * Double(sampleRate))).map {
            Int16(amplitude * 32_767 * sin(2 * .pi * frequency * Double($0) / Double(sampleRate)))
        }
    }

    /// Writes a mono sine track with tags.
    public static func writeTone(
        to path: String, frequency: Double, amplitude: Double = 0.5, seconds: Double, title: String
    ) throws {
        let format = PCMFormat(sampleRate: 44_100, channels: 1)
        let samples = sine(frequency: frequency, amplitude: amplitude, seconds: seconds, sampleRate: 44_100)
        try Data(WAVFile.bytes(samples: samples, format: format, title: title, artist: "Test"))
            .write(to: URL(fileURLWithPath: path))
    }

    /// The amplitude (0…1) of `frequency` in each `window`-second window of the first channel of `path`.
    public static func levels(of frequency: Double, in path: String, window: Double = 0.05) throws -> [Double] {
        let (format, samples) = try WAVFile.read(path)
        return levels(of: frequency, in: samples, format: format, window: window)
    }

    private static func levels(of frequency: Double, in samples: [Int16], format: PCMFormat, window: Double)
        -> [Double]
    {
        let size = Int(window * Double(format.sampleRate))
        let frames = samples.count / format.channels
        let coefficient = 2 * cos(2 * .pi * frequency / Double(format.sampleRate))
        return stride(from: 0, to: frames - size, by: size).map { start in
            var previous = 0.0, beforePrevious = 0.0
            for frame in start..<start + size {
                let value = Double(samples[frame * format.channels]) / 32_768 + coefficient * previous - beforePrevious
                beforePrevious = previous
                previous = value
            }
            let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
            return 2 * sqrt(max(0, power)) / Double(size)
        }
    }

    /// The level (root mean square, 0…1) of everything but `frequency` in each window of the first channel of
    /// `path`: speech over a music tone. Windows holding whole cycles of the tone leave none of it here.
    public static func levels(apartFrom frequency: Double, in path: String, window: Double = 0.05) throws -> [Double] {
        let (format, samples) = try WAVFile.read(path)
        let size = Int(window * Double(format.sampleRate))
        let tone = levels(of: frequency, in: samples, format: format, window: window)
        return tone.indices.map { index in
            let start = index * size
            let power =
                (start..<start + size).reduce(0.0) { sum, frame in
                    let value = Double(samples[frame * format.channels]) / 32_768
                    return sum + value * value
                } / Double(size)
            // A sine of amplitude A carries A²/2 of the power.
            return sqrt(max(0, power - tone[index] * tone[index] / 2))
        }
    }

    /// The median of `values[range]` (clamped to the array).
    public static func median(_ values: [Double], _ range: Range<Int>) -> Double {
        let slice = values[max(0, range.lowerBound)..<min(values.count, range.upperBound)].sorted()
        return slice.isEmpty ? 0 : slice[slice.count / 2]
    }
}
