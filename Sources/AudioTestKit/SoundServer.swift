import BlueZTestKit
import Foundation
import Synchronization

/// A private PulseAudio sound server with one null sink, and recordings of what it plays: a real sound server for
/// tests of `audio-device = "pulse"` (PipeWire's PulseAudio server answers the same protocol on a Raspberry Pi with
/// a desktop). It mixes the hub's two streams (music and speech) as it would on a speaker.
///
/// ```swift
/// let server = try await SoundServer(in: folder)
/// let recording = try await server.record(to: folder + "/heard.wav")
/// // run the hub with server.environment …
/// recording.stop()
/// ```
public final class SoundServer: Sendable {
    /// The server's socket; `environment` points a client at it.
    public let socketPath: String
    private let process: ChildProcess

    /// What a client process needs in its environment to play to this server.
    public var environment: [String: String] { ["PULSE_SERVER": "unix:" + socketPath] }

    /// Starts `pulseaudio` with its runtime files in `folder` and waits until it takes clients.
    public init(in folder: String) async throws {
        socketPath = folder + "/pulse-native"
        let runtime = folder + "/pulse-runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        // No configuration file, no D-Bus, no exit when idle; the sink is made before the socket, so a client that
        // finds the socket finds the sink.
        process = try ChildProcess.spawn(
            "/usr/bin/timeout",
            Self.lifeline + [
                "/usr/bin/pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "-n",
                "--file=/dev/null",
                "--load=module-null-sink sink_name=hub rate=44100 channels=2",
                "--load=module-native-protocol-unix socket=\(socketPath) auth-anonymous=1",
            ],
            environment: ["PULSE_RUNTIME_PATH": runtime, "HOME": folder], stderrPath: folder + "/pulseaudio.log")
        let socket = socketPath
        do {
            try await eventually("PulseAudio's socket \(socket)", timeout: TestDeadline.hang) {
                FileManager.default.fileExists(atPath: socket)
            }
        } catch {
            process.stop()
            let log = (try? String(contentsOfFile: folder + "/pulseaudio.log", encoding: .utf8)) ?? ""
            throw HarnessError("pulseaudio did not start: \(log)")
        }
    }

    deinit { process.stop() }

    /// Both children run under `timeout`, which passes SIGTERM on: should the test process die without stopping
    /// them, they end by themselves.
    private static let lifeline = ["--signal=TERM", "300"]

    /// Records everything the server plays (the sink's monitor) into a 44.1 kHz stereo 16-bit WAV file at `path`,
    /// from once the recording runs: it returns when the first sound (silence included) has reached the file.
    public func record(to path: String) async throws -> Recording {
        let recorder = try ChildProcess.spawn(
            "/usr/bin/timeout",
            Self.lifeline + [
                "/usr/bin/parec", "--device=hub.monitor", "--file-format=wav", "--format=s16le", "--rate=44100",
                "--channels=2",
                "--latency-msec=20", path,
            ],
            environment: environment, stderrPath: path + ".log")
        do {
            // The header is 44 bytes; audio after it means the stream runs.
            try await eventually(timeout: TestDeadline.hang) {
                ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 4_096
            }
        } catch {
            recorder.stop()
            throw HarnessError(
                "parec recorded nothing: \((try? String(contentsOfFile: path + ".log", encoding: .utf8)) ?? "")")
        }
        return Recording(process: recorder)
    }

    /// A running `parec`, stopped at the latest when the recording is released.
    public final class Recording: Sendable {
        private let process: ChildProcess
        private let stopped = Atomic(false)

        init(process: ChildProcess) { self.process = process }

        deinit { stop() }

        /// Ends the recording; the WAV file is complete (its header says its length) when this returns.
        public func stop() {
            guard !stopped.exchange(true, ordering: .relaxed) else { return }
            process.stop()
        }
    }
}
