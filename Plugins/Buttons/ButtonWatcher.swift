import CLinuxInput
import Foundation
import HubCore
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the configured input devices and GPIO lines, recognises short, long and double presses, and reports them
/// with their actions, as long as it runs; shared by the plugin and `stayfit buttons test`.
///
/// Devices come and go: a USB keyboard is unplugged, a Bluetooth remote sleeps, udev renames a link. A device that
/// ends (`ENODEV`, end of file) is opened again as soon as it is back, which inotify on its folder tells without
/// polling; one that cannot be opened for another reason (permissions not yet set by udev, busy) is tried again
/// after 1, 2, 4 … up to 30 seconds. Every device file is read by a ``FileDescriptorReader`` thread that sleeps in
/// `poll()`: an idle watcher costs no wake-ups.
public struct ButtonWatcher: Sendable {
    let configuration: ButtonsPlugin.Configuration
    let clock: any HubClock
    let logger: Logger
    let finder: DeviceFinder

    /// - Parameters:
    ///   - clock: times the presses; use a real-time clock even when the hub's runs faster (a finger does not).
    ///   - finder: where device files and their names are looked for (tests use a folder of their own).
    public init(
        configuration: ButtonsPlugin.Configuration, clock: any HubClock, logger: Logger,
        finder: DeviceFinder = DeviceFinder()
    ) {
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        self.finder = finder
    }

    // MARK: - Events of the loop

    private enum Event: Sendable {
        case record(handle: UInt64, [UInt8])
        case ended(handle: UInt64, FileDescriptorReader.Ending?)
        case directoryChanged
        case tick
        case retry
    }

    /// One opened device file or GPIO request.
    private struct OpenDevice {
        let handle: UInt64
        let label: String
        let reader: FileDescriptorReader
        /// The file's identity when opened, to notice that a new file has taken its path.
        let identity: FileIdentity?
        let gpio: GPIOButtons?
        /// A plain file of recorded events: read once, not again at its end.
        let isRecording: Bool
    }

    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        init?(descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }

        static func isRegularFile(_ descriptor: Int32) -> Bool {
            var info = stat()
            return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The loop's state: what is open, the classifier, the timers.
    private struct State {
        var open: [String: OpenDevice] = [:]
        var handles: [UInt64: String] = [:]
        var nextHandle: UInt64 = 0
        var classifier: PressClassifier
        var tickAt: HubInstant?
        var retryAt: HubInstant?
        var retryDelay: Duration = .seconds(1)
        /// The last failure reported per device, so that a device that stays away is reported once.
        var reportedFailures: [String: String] = [:]
        /// Records that could not be used (garbage, a key code out of range), counted for the log.
        var discarded = 0
        /// Recordings read to their end, left alone until another file takes their path.
        var finishedRecordings: [String: FileIdentity] = [:]
    }

    /// The longest wait between two attempts to open a device that fails for a reason inotify cannot announce.
    static let maximumRetryDelay: Duration = .seconds(30)

    // MARK: - Running

    /// Runs until the task is cancelled, calling `report` for every press and device change, in order.
    public func run(report: @escaping @Sendable (ButtonEvent) -> Void) async {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(1024))
        let clock = clock
        var state = State(
            classifier: PressClassifier(timing: configuration.timing, doubleKeys: configuration.mapping.doubleKeys))
        await withDiscardingTaskGroup { group in
            var watches: [DirectoryWatch] = []
            for directory in finder.directories(for: configuration.devices) {
                do {
                    let watch = try DirectoryWatch(directory: directory, events: .appeared, threadName: "buttons-watch")
                    watches.append(watch)
                    group.addTask {
                        for await _ in watch.batches { continuation.yield(.directoryChanged) }
                    }
                } catch {
                    // Without a watch, devices that appear are found by the retries instead.
                    logger.warning(
                        "cannot watch a device folder; retrying instead", metadata: ["error": "\(error)"])
                }
            }
            let watchedAll = watches.count == finder.directories(for: configuration.devices).count

            func start(_ device: OpenDevice) {
                let reader = device.reader, handle = device.handle
                group.addTask {
                    for await record in reader.records { continuation.yield(.record(handle: handle, record)) }
                    continuation.yield(.ended(handle: handle, reader.ending))
                }
            }

            func schedule(_ event: Event, at deadline: HubInstant) {
                group.addTask {
                    do { try await clock.sleep(until: deadline) } catch { return }
                    continuation.yield(event)
                }
            }

            func scan(quiet: Set<String> = []) {
                var needsRetry = !watchedAll
                let found = finder.resolve(configuration.devices)
                for (path, name) in found {
                    if let done = state.finishedRecordings[path] {
                        guard done != FileIdentity(path: path) else { continue }
                        state.finishedRecordings[path] = nil
                    }
                    if let current = state.open[path] {
                        // Still the same file? A FIFO deleted and made again, or a link pointed elsewhere, is not.
                        guard current.identity != nil, current.identity != FileIdentity(path: path) else { continue }
                        current.reader.stop()
                        state.open[path] = nil
                        state.classifier.forget(device: current.label)
                    }
                    switch InputDeviceFile.open(path, grab: configuration.grab) {
                    case .success(let opened):
                        let label = Self.label(path: path, name: opened.name ?? name)
                        let device = add(
                            path: path, label: label, descriptor: opened.descriptor, size: InputEvent.size,
                            gpio: nil)
                        start(device)
                        state.reportedFailures[path] = nil
                        if !quiet.contains(path) { report(.opened(device: label, grab: Self.grab(opened.grab))) }
                    case .failure(let failure):
                        // A file that is no input device stays one: said once, not read and not tried again (a new
                        // file at its path is, when inotify says it appeared).
                        if case .system(let error) = failure, error.code != ENOENT { needsRetry = true }
                        let reason = failure.description
                        if state.reportedFailures[path] != reason {
                            state.reportedFailures[path] = reason
                            report(.unavailable(device: Self.label(path: path, name: name), reason: reason))
                        }
                    }
                }
                for case .name(let pattern) in configuration.devices {
                    let key = "name:\(pattern)"
                    guard !found.contains(where: { $0.name.map { DeviceFinder.matches($0, pattern: pattern) } == true })
                    else {
                        state.reportedFailures[key] = nil
                        continue
                    }
                    let reason = "no input device has this name yet; waiting for one"
                    if state.reportedFailures[key] == nil {
                        state.reportedFailures[key] = reason
                        report(.unavailable(device: "the device named \"\(pattern)\"", reason: reason))
                    }
                }
                if let gpio = configuration.gpio, state.open[gpio.chip] == nil {
                    switch GPIOLines.request(gpio) {
                    case .success(let descriptor):
                        let label =
                            "GPIO lines " + gpio.lines.map { "\($0.offset)" }.joined(separator: ", ")
                            + " of \(gpio.chip)"
                        start(
                            add(
                                path: gpio.chip, label: label, descriptor: descriptor, size: GPIOLineEvent.size,
                                gpio: gpio))
                        state.reportedFailures[gpio.chip] = nil
                        report(.opened(device: label, grab: .grabbed))
                    case .failure(let failure):
                        needsRetry = true
                        if state.reportedFailures[gpio.chip] != failure.description {
                            state.reportedFailures[gpio.chip] = failure.description
                            report(.unavailable(device: gpio.chip, reason: failure.description))
                        }
                    }
                }
                if needsRetry, state.retryAt == nil {
                    let deadline = clock.instant + state.retryDelay
                    state.retryAt = deadline
                    state.retryDelay = min(state.retryDelay * 2, Self.maximumRetryDelay)
                    schedule(.retry, at: deadline)
                } else if !needsRetry {
                    state.retryDelay = .seconds(1)
                }
            }

            func add(path: String, label: String, descriptor: Int32, size: Int, gpio: GPIOButtons?) -> OpenDevice {
                state.nextHandle += 1
                let identity = gpio == nil ? FileIdentity(descriptor: descriptor) : nil
                let isRecording = gpio == nil && FileIdentity.isRegularFile(descriptor)
                let reader = FileDescriptorReader(
                    descriptor: descriptor, framing: .fixedSize(size), ownership: .owned, name: "buttons")
                let device = OpenDevice(
                    handle: state.nextHandle, label: label, reader: reader, identity: identity, gpio: gpio,
                    isRecording: isRecording)
                state.open[path] = device
                state.handles[device.handle] = path
                return device
            }

            func deliver(_ presses: [PressClassifier.Press]) {
                for press in presses {
                    report(
                        .press(
                            RecognisedPress(
                                device: press.device, keyCode: press.code, kind: press.kind,
                                action: configuration.mapping.action(code: press.code, kind: press.kind),
                                at: press.at)))
                }
            }

            scan()
            for await event in events {
                switch event {
                case .record(let handle, let record):
                    guard let path = state.handles[handle], let device = state.open[path] else { continue }
                    if device.gpio == nil, let event = InputEvent(record: record),
                        event.type == InputEvent.synchronisation,
                        event.code == InputEvent.dropped
                    {
                        // The kernel lost events (its buffer overflowed): a key that seems held may have been released.
                        // Forget what is in progress rather than report a long press nobody made.
                        logger.info(
                            "a button device lost events; presses in progress are dropped",
                            metadata: ["device": "\(device.label)"])
                        state.classifier.forget(device: device.label)
                        continue
                    }
                    guard let (code, value) = Self.keyEdge(record, gpio: device.gpio, discarded: &state.discarded)
                    else { continue }
                    deliver(state.classifier.handle(device: device.label, code: code, value: value, at: clock.instant))
                case .ended(let handle, let ending):
                    guard let path = state.handles.removeValue(forKey: handle) else { continue }
                    guard let device = state.open[path], device.handle == handle else { continue }
                    state.open[path] = nil
                    if device.isRecording, ending == .endOfFile {
                        // Pending presses of the recording still come, when their time is due.
                        state.finishedRecordings[path] = device.identity
                        report(.lost(device: device.label, reason: "it was read to its end"))
                        break
                    }
                    state.classifier.forget(device: device.label)
                    // A FIFO's writer that went away: open it again at once, quietly if that works. A device that failed (ENODEV: unplugged) is reported lost.
                    let endOfFile = ending == .endOfFile
                    scan(quiet: endOfFile ? [path] : [])
                    if !endOfFile || state.open[path] == nil {
                        report(.lost(device: device.label, reason: Self.reason(ending)))
                    }
                case .directoryChanged:
                    scan()
                case .retry:
                    state.retryAt = nil
                    scan()
                case .tick:
                    state.tickAt = nil
                    deliver(state.classifier.expire(at: clock.instant))
                }
                if let next = state.classifier.nextDeadline, state.tickAt.map({ next < $0 }) ?? true {
                    state.tickAt = next
                    schedule(.tick, at: next)
                }
            }
            for device in state.open.values { device.reader.stop() }
            for watch in watches { watch.stop() }
            if state.discarded > 0 {
                logger.info("button records that could not be used", metadata: ["count": "\(state.discarded)"])
            }
            group.cancelAll()
        }
    }

    // MARK: - Helpers

    /// The key and value of a record, or nil for any other record (synchronisation, LEDs, garbage).
    private static func keyEdge(_ record: [UInt8], gpio: GPIOButtons?, discarded: inout Int) -> (Int, Int32)? {
        if let gpio {
            guard let event = GPIOLineEvent(record: record), let value = event.keyValue,
                let code = gpio.code(offset: event.offset)
            else {
                discarded += 1
                return nil
            }
            return (code, value)
        }
        guard let event = InputEvent(record: record) else {
            discarded += 1
            return nil
        }
        guard event.type == InputEvent.key else { return nil }
        guard Int(event.code) <= KeyNames.maximumCode, (0...2).contains(event.value) else {
            discarded += 1
            return nil
        }
        return (Int(event.code), event.value)
    }

    static func label(path: String, name: String?) -> String {
        name.map { "\($0) (\(path))" } ?? path
    }

    private static func grab(_ grab: InputDeviceFile.Grab) -> ButtonEvent.Grab {
        switch grab {
        case .grabbed: .grabbed
        case .notAsked: .notAsked
        case .notAnInputDevice: .notAnInputDevice
        case .heldByAnother: .heldByAnother
        case .failed: .failed
        }
    }

    private static func reason(_ ending: FileDescriptorReader.Ending?) -> String {
        switch ending {
        case .endOfFile?: "it closed"
        case .failed(let error)?: error == ENODEV ? "it was unplugged" : String(cString: strerror(error))
        case .stopped?, nil: "it was replaced"
        }
    }
}
