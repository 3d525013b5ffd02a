import Foundation
import HubCore
import MPV
import Synchronization

/// A sound card in software for the file output: it mixes what the music player and the speech player write, in
/// real time, into one WAV file, the way ALSA's dmix or PipeWire mix the same two players on a device.
///
/// Each player writes raw PCM (`ao=pcm`) into a FIFO of its own. libmpv's PCM output would otherwise run faster than
/// real time, so the card paces them: every 10 ms of the monotonic clock it takes what is due (10 ms of frames) from
/// each FIFO, adds the two, and appends the sum. A player that is paused or idle writes nothing and is silence in
/// the file; a player that falls behind (a starved machine) is silence where a device would underrun. The FIFOs are
/// shrunk to 16 KiB (93 ms), so that a change of volume, such as ducking, reaches the file about as soon as it would
/// reach a device through libmpv's own 0.2 s buffer.
///
/// The card is a thread of its own (like a device's interrupt): its work is real-time pacing, not waiting for data.
///
/// The file is written through `SafeFileWriter` and put in place by ``stop()``: a recording cut off by a full disk
/// is never left at the path as if it were whole. The players are still read after a failed write (a player blocked
/// on a full FIFO could not stop), and ``stop()`` says what went wrong.
final class FileSoundCard: Sendable {
    /// The FIFOs the players write into.
    let inputs: [String]
    /// The monotonic instant the file's first frame stands for.
    let origin: ContinuousClock.Instant
    let format: PCMFormat
    private let folder: String
    private let stopRequested = Atomic<Bool>(false)
    /// The file's outcome, once the mixer thread has put it in place (nil) or dropped it (the failure).
    private let finished: AsyncStream<FileWriteError?>

    /// Checks the output path, creates the FIFOs and the output's temporary file, and starts mixing.
    ///
    /// - Parameter ifExists: what to do with a file already at `outputPath`.
    /// - Throws: `AudioOutputError` when the file or the FIFOs cannot be created, or the path may not be replaced.
    init(
        outputPath: String, inputCount: Int, format: PCMFormat = .standard, ifExists: SafeFileWriter.IfExists
    ) throws(AudioOutputError) {
        self.format = format
        let output: SafeFileWriter
        do {
            output = try SafeFileWriter(path: outputPath, ifExists: ifExists, allowsStandardOutput: false)
        } catch {
            throw .file(error)
        }
        do {
            folder = try PrivateFolder.make(prefix: "stayfit-audio")
        } catch {
            output.discard()
            throw .file(error)
        }
        var fifos: [String] = []
        var descriptors: [Int32] = []
        for index in 0..<inputCount {
            let path = folder + "/input-\(index).pcm"
            // O_RDWR keeps a writer on the FIFO: the card never reads an end of file when a player closes and
            // reopens its output between files, and a player's open never waits for a reader.
            guard mkfifo(path, 0o600) == 0, case let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC), fd >= 0 else {
                let reason = String(cString: strerror(errno))
                descriptors.forEach { close($0) }
                output.discard()
                throw .cannotOpen(path, reason: reason)
            }
            _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, 16_384)
            fifos.append(path)
            descriptors.append(fd)
        }
        inputs = fifos
        origin = .now
        let (stream, continuation) = AsyncStream.makeStream(of: FileWriteError?.self)
        finished = stream
        let mixer = Mixer(
            output: output, inputs: descriptors, format: format, origin: origin, stopRequested: StopFlag(self))
        let thread = Thread {
            continuation.yield(mixer.run())
            continuation.finish()
        }
        thread.name = "sound card"
        thread.start()
    }

    /// Writes what is due, completes the WAV header and puts the file in place. Call it after the players are gone.
    ///
    /// - Returns: nil when the whole recording is at its path; otherwise why it is not (a full disk, say), and the
    ///   path holds what it held before.
    func stop() async -> AudioOutputError? {
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        var failure: FileWriteError?
        for await outcome in finished { failure = outcome }
        try? FileManager.default.removeItem(atPath: folder)
        return failure.map(AudioOutputError.file)
    }

    fileprivate var isStopRequested: Bool { stopRequested.load(ordering: .sequentiallyConsistent) }
}

/// Lets the mixer thread see the card's stop request without keeping a strong reference cycle alive.
private struct StopFlag: Sendable {
    weak var card: FileSoundCard?
    init(_ card: FileSoundCard) { self.card = card }
    var isSet: Bool { card?.isStopRequested ?? true }
}

/// The mixing loop, confined to the card's thread.
private struct Mixer: @unchecked Sendable {
    // @unchecked: plain file descriptors, values and the output file, used only by the one thread that runs the loop.
    let output: SafeFileWriter
    let inputs: [Int32]
    let format: PCMFormat
    let origin: ContinuousClock.Instant
    let stopRequested: StopFlag

    /// Mixes until asked to stop, then puts the file in place; returns why it could not, or nil.
    func run() -> FileWriteError? {
        let header = WAVFile.header(format: format, dataBytes: 0)
        var failure = write(header, at: nil)
        var pending = [[UInt8]](repeating: [], count: inputs.count)
        var framesWritten = 0
        var lastHeaderUpdate = 0
        let tick = Duration.milliseconds(10)
        while true {
            let stopping = stopRequested.isSet
            let elapsed = ContinuousClock.now - origin
            let due = Int(elapsed / .seconds(1) * Double(format.sampleRate)) - framesWritten
            if due > 0 {
                var mix = [Int32](repeating: 0, count: due * format.channels)
                for (index, fd) in inputs.enumerated() { add(from: fd, into: &mix, pending: &pending[index]) }
                failure =
                    failure
                    ?? write(
                        mix.flatMap { sample -> [UInt8] in
                            let clipped = UInt16(bitPattern: Int16(clamping: sample))
                            return [UInt8(truncatingIfNeeded: clipped), UInt8(truncatingIfNeeded: clipped >> 8)]
                        }, at: nil)
                framesWritten += due
            }
            // The header's sizes are kept current about once a second, so that the temporary file a crash leaves still
            // plays.
            if stopping || framesWritten - lastHeaderUpdate >= format.sampleRate {
                let fixed = WAVFile.header(format: format, dataBytes: framesWritten * format.bytesPerFrame)
                failure = failure ?? write(fixed, at: 0)
                lastHeaderUpdate = framesWritten
            }
            if stopping { break }
            let remaining = (elapsed + tick) - (ContinuousClock.now - origin)
            if remaining > .zero {
                let nanos = Int(remaining.components.attoseconds / 1_000_000_000)
                var pause = timespec(tv_sec: Int(remaining.components.seconds), tv_nsec: nanos)
                var left = timespec()
                while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            }
        }
        for fd in inputs { close(fd) }
        if let failure {
            output.discard()
            return failure
        }
        do throws(FileWriteError) {
            try output.commit()
        } catch {
            return error
        }
        return nil
    }

    /// Adds up to `mix.count` samples from one FIFO; what is not there stays silence.
    private func add(from fd: Int32, into mix: inout [Int32], pending: inout [UInt8]) {
        let wanted = mix.count * 2
        var buffer = [UInt8](repeating: 0, count: max(0, wanted - pending.count))
        if !buffer.isEmpty {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got > 0 { pending += buffer[0..<got] }
        }
        // Whole frames only, so that a read that ended inside a frame never swaps left and right.
        let samples = min(mix.count, pending.count / format.bytesPerFrame * format.channels)
        for index in 0..<samples {
            mix[index] += Int32(Int16(bitPattern: UInt16(pending[2 * index]) | UInt16(pending[2 * index + 1]) << 8))
        }
        pending.removeFirst(samples * 2)
        buffer = []
    }

    /// Writes `bytes` (at `offset`, or appended); returns the failure. After one, nothing more is written: the
    /// file is dropped at the end, and the players are still read.
    private func write(_ bytes: [UInt8], at offset: Int?) -> FileWriteError? {
        do throws(FileWriteError) {
            if let offset { try output.write(bytes, at: offset) } else { try output.write(bytes) }
        } catch {
            return error
        }
        return nil
    }
}
