import Foundation
import HubCore
import Logging
import MPV

/// What one run of the music plugin knows and does: the playlist in the music player, the volume and ducking, and
/// the speech being said. Confined to the plugin's event loop.
final class MusicSession {
    private let configuration: MusicPlugin.Configuration
    private let context: PluginContext
    private let output: AudioOutput
    /// Where speech clips become WAV files for the speech player (removed when the run ends).
    private let speechFolder: String

    private var volumePercent: Int
    private var shuffle: Bool
    /// A playlist is in the music player (playing or paused).
    private var loaded = false
    /// Which one: a workout of a kind with a playlist of its own starts that one, even over music already playing.
    private var loadedPlaylist: String?
    /// The kind of the workout under way, whose playlist the play key starts; nil without one.
    private var workoutKind: WorkoutKind?
    private var paused = false
    /// A file of the loaded playlist has started: an idle player after that means the playlist ended. (The player's
    /// idle event from before the playlist was loaded can arrive after the load.)
    private var startedSinceLoad = false
    private var pausedByWorkout = false
    private var ducked = false
    private var fadeFactor = 1.0
    /// Counts fades begun; a fade step of an older fade (one a new workout interrupted) is ignored.
    private(set) var fadeGeneration = 0
    private var nowPlaying: AudioStatusChanged.Status?
    private var queue: SpeechQueue<SpeechClip>
    private var speaking: (clip: SpeechClip, file: String, number: Int)?
    /// Clips whose sound should be over after a delay: (delay, clip number). The plugin's loop takes these and
    /// calls `speechShouldBeOver` when the time is up.
    var speechTimers: [(Duration, Int)] = []
    private var clipNumber = 0
    private var deviceFailureReported = false
    private var lastOutputError: String?
    /// Graceful shutdown: say what is queued, then stop.
    var stopping = false

    init(configuration: MusicPlugin.Configuration, context: PluginContext, output: AudioOutput, speechFolder: String) {
        self.configuration = configuration
        self.context = context
        self.output = output
        self.speechFolder = speechFolder
        volumePercent = configuration.volumePercent
        shuffle = configuration.shuffle
        // At most 16 clips wait (a few minutes of speech); beyond that routine ones make room.
        queue = SpeechQueue(capacity: 16, staleAfter: .seconds(configuration.speechStaleSeconds))
    }

    /// Nothing is being said or waiting: the run may end once it is stopping.
    var isQuiet: Bool { speaking == nil && queue.isEmpty }

    private var bus: MessageBus { context.bus }
    private var logger: Logger { context.logger }
    private var music: MPVPlayer { output.music }

    // MARK: - Workout

    /// Follows the workout; returns true when the music should fade out now (the caller paces the fade).
    func workoutChanged(_ change: WorkoutStateChanged) -> Bool {
        workoutKind = change.state == .finished ? nil : change.kind
        switch (change.previous, change.state) {
        case (.idle, .running), (.finished, .running):
            fadeGeneration += 1
            fadeFactor = 1
            let wanted = configuration.playlist(for: change.kind)
            if configuration.startWithWorkout && (!(loaded && !paused) || wanted != loadedPlaylist) {
                startPlaylist(wanted)
            }
        case (.paused, .running):
            if pausedByWorkout { setPaused(false) }
            pausedByWorkout = false
        case (_, .paused):
            if configuration.pauseWithWorkout && loaded && !paused {
                setPaused(true)
                pausedByWorkout = true
            }
        case (_, .finished):
            guard loaded else { return false }
            if configuration.fadeOut == .zero || paused {
                stopMusic()
                return false
            }
            fadeGeneration += 1
            return true
        default:
            break
        }
        return false
    }

    /// One step of the fade-out begun as `generation`; the last step stops the music.
    func fadeStep(generation: Int, remaining: Double) {
        guard generation == fadeGeneration, loaded else { return }
        if remaining <= 0 {
            stopMusic()
            fadeFactor = 1
        } else {
            fadeFactor = remaining
            applyVolume()
        }
    }

    // MARK: - Commands

    func perform(_ action: MusicCommand.Action) {
        switch action {
        case .playPause:
            if !loaded {
                startPlaylist(configuration.playlist(for: workoutKind))
            } else {
                pausedByWorkout = false
                setPaused(!paused)
            }
        case .next: step("playlist-next", "next")
        case .previous: step("playlist-prev", "previous")
        case .volumeUp: setVolume(volumePercent + 10)
        case .volumeDown: setVolume(volumePercent - 10)
        case .setVolume(let percent): setVolume(percent)
        case .shuffle:
            shuffle = true
            if loaded { attempt("shuffle the playlist") { try music.command("playlist-shuffle") } }
            logger.info("shuffle on")
            bus.publish(AudioStatusChanged(.shuffled))
        }
    }

    private func step(_ command: String, _ word: String) {
        guard loaded else { return }
        do {
            try music.command(command)
        } catch {
            // libmpv refuses to step past either end of a playlist that does not repeat: nothing to do.
            logger.info("no \(word) track", metadata: ["reason": "\(error)"])
        }
    }

    private func setVolume(_ percent: Int) {
        volumePercent = max(0, min(100, percent))
        applyVolume()
        logger.info("music volume \(volumePercent) %")
    }

    // MARK: - Playlist

    private func startPlaylist(_ path: String) {
        let playlist = Playlist.load(path)
        for entry in playlist.missing {
            logger.warning("playlist entry skipped: file not found", metadata: ["entry": "\(entry)"])
            bus.publish(AudioStatusChanged(.skipped(file: entry, reason: "file not found")))
        }
        guard !playlist.tracks.isEmpty else {
            logger.warning(
                "Empty Playlist",
                metadata: ["reason": "\(playlist.problem ?? "no audio files in \(path)")"])
            bus.publish(AudioStatusChanged(.emptyPlaylist))
            bus.publish(Announcement("Empty Playlist", priority: .important))
            return
        }
        let tracks = shuffle ? playlist.tracks.shuffled() : playlist.tracks
        fadeFactor = 1
        applyVolume()
        attempt("load the playlist") {
            try music.command("set", "loop-playlist", configuration.repeatPlaylist ? "inf" : "no")
            // The whole playlist first, then play: started with the first track, a first track that fails at once
            // (a broken file) found no next one on a busy machine, where the player got to it before the other
            // tracks were appended, and the music stopped. `stop` clears what was loaded before.
            try music.command("stop")
            for track in tracks { try music.command("loadfile", track, "append") }
            try music.command("playlist-play-index", "0")
            try music.set("pause", flag: false)
            loaded = true
            loadedPlaylist = path
            paused = false
            startedSinceLoad = false
        }
    }

    private func setPaused(_ pause: Bool) {
        attempt(pause ? "pause" : "resume") { try music.set("pause", flag: pause) }
        paused = pause
        if pause {
            bus.publish(AudioStatusChanged(.paused))
        } else if let nowPlaying {
            bus.publish(AudioStatusChanged(nowPlaying))
        }
    }

    private func stopMusic() {
        attempt("stop") { try music.command("stop") }
        loaded = false
        paused = false
        pausedByWorkout = false
        nowPlaying = nil
        bus.publish(AudioStatusChanged(.stopped))
    }

    private func applyVolume() {
        let volume = Loudness.mpvVolume(
            percent: volumePercent, amplitude: ducked ? Double(configuration.duckPercent) / 100 : 1, fade: fadeFactor)
        attempt("set the volume") { try music.set("volume", volume) }
        logger.trace("music volume", metadata: ["mpv-volume": "\(volume)", "ducked": "\(ducked)"])
    }

    // MARK: - Player events

    func musicEvent(_ event: MPVEvent) {
        logger.trace("music player", metadata: ["event": "\(event)"])
        switch event {
        case .startFile:
            startedSinceLoad = true
        case .fileLoaded:
            let title = music.string("metadata/by-key/title") ?? music.string("media-title") ?? "unknown track"
            let artist = music.string("metadata/by-key/artist")
            let status = AudioStatusChanged.Status.nowPlaying(title: title, artist: artist)
            nowPlaying = status
            logger.info("now playing", metadata: ["title": "\(title)", "artist": "\(artist ?? "")"])
            bus.publish(AudioStatusChanged(status))
        case .endFile(let end) where end.reason == .error:
            if end.isAudioDeviceFailure {
                deviceFailed()
                stopMusic()
            } else {
                let path = music.path(ofEntry: end.entryID) ?? "playlist entry \(end.entryID)"
                let reason = "cannot be played: " + (lastOutputError ?? music.errorMessage(end.error))
                logger.warning("track skipped", metadata: ["file": "\(path)", "reason": "\(reason)"])
                bus.publish(AudioStatusChanged(.skipped(file: (path as NSString).lastPathComponent, reason: reason)))
            }
            lastOutputError = nil
        case .endFile(let end) where end.reason == .endOfFile:
            deviceFailureReported = false
        case .idle:
            // Idle after playing: the last track of a playlist that does not repeat ended (or every track failed).
            if loaded && startedSinceLoad {
                logger.info("end of the playlist")
                loaded = false
                paused = false
                nowPlaying = nil
                bus.publish(AudioStatusChanged(.stopped))
            }
        case .log(let level, let prefix, let text):
            if level == "error" || level == "fatal" { lastOutputError = "\(prefix): \(text)" }
            logger.debug("libmpv (music)", metadata: ["level": "\(level)", "module": "\(prefix)", "text": "\(text)"])
        default:
            break
        }
    }

    // MARK: - Speech

    func speechArrived(_ clip: SpeechClip) {
        if let pushedOut = queue.add(clip) {
            logger.notice("speech dropped: too many waiting", metadata: ["text": "\(pushedOut.text)"])
        }
        if speaking == nil { sayNext() }
    }

    func speechEvent(_ event: MPVEvent) {
        logger.trace("speech player", metadata: ["event": "\(event)"])
        switch event {
        case .endFile(let end):
            guard let current = speaking else { return }
            if end.isAudioDeviceFailure { deviceFailed() }
            try? FileManager.default.removeItem(atPath: current.file)
            speaking = nil
            sayNext()
        case .fileLoaded:
            // The music comes back when the clip's sound is over, not when libmpv reports its end: a player that
            // drains its output reports that up to a second late. Counted from the moment the player has the clip
            // open, not from the command: on a busy machine opening it can take longer than the clip lasts, and the
            // music would come back before a word was heard.
            guard let current = speaking else { return }
            speechTimers.append((.seconds(current.clip.duration) + .milliseconds(100), current.number))
        case .log(let level, _, let text):
            logger.debug("libmpv (speech)", metadata: ["level": "\(level)", "text": "\(text)"])
        default:
            break
        }
    }

    /// The sound of clip `number` should be over: the music comes back unless more speech waits.
    func speechShouldBeOver(_ number: Int) {
        guard speaking?.number == number, queue.isEmpty, ducked else { return }
        ducked = false
        applyVolume()
    }

    private func sayNext() {
        let (next, stale) = queue.next(at: context.clock.instant, speed: context.clock.speed)
        for clip in stale { logger.notice("speech skipped: too late to say", metadata: ["text": "\(clip.text)"]) }
        guard let clip = next else {
            if ducked {
                ducked = false
                applyVolume()
            }
            return
        }
        guard !clip.samples.isEmpty, clip.sampleRate > 0, (1...2).contains(clip.channels) else {
            logger.warning("speech clip without samples skipped", metadata: ["text": "\(clip.text)"])
            return sayNext()
        }
        clipNumber += 1
        let file = speechFolder + "/speech-\(clipNumber).wav"
        let bytes = WAVFile.bytes(
            samples: clip.samples, format: PCMFormat(sampleRate: clip.sampleRate, channels: clip.channels))
        do {
            try SafeFileWriter.write(bytes, to: file, ifExists: .replace, allowsStandardOutput: false)
        } catch {
            logger.error("speech not played: \(error)")
            return sayNext()
        }
        if !ducked {
            ducked = true
            applyVolume()
        }
        do {
            try output.speech.command("loadfile", file, "replace")
            speaking = (clip, file, clipNumber)
            logger.info("saying", metadata: ["text": "\(clip.text)"])
        } catch {
            logger.error("speech not played", metadata: ["text": "\(clip.text)", "reason": "\(error)"])
            try? FileManager.default.removeItem(atPath: file)
            sayNext()
        }
    }

    // MARK: - Failures

    private func deviceFailed() {
        guard !deviceFailureReported else { return }
        deviceFailureReported = true
        let error = AudioOutputError.deviceFailed(output.device, detail: lastOutputError)
        logger.error("\(error.description)")
        bus.publish(AudioStatusChanged(.deviceFailed(error.description)))
    }

    private func attempt(_ what: String, _ body: () throws -> Void) {
        do { try body() } catch { logger.error("could not \(what)", metadata: ["reason": "\(error)"]) }
    }
}
