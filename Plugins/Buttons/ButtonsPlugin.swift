import HubCore
import Logging
import ServiceLifecycle

/// Buttons as the hub's hands-free front end: Linux input devices (the Raspberry Pi gpio-key overlay, USB keyboards
/// and presenters, Bluetooth media remotes) and GPIO lines, whose short, long and double presses start, pause, lap
/// and stop a workout, skip tracks, change the volume and ask for "status now".
///
/// A press publishes what its action asks for: a `WorkoutCommand` (the
/// workout engine confirms it with an announcement), a `MusicCommand` with an `Announcement` that confirms it, or a
/// `StatusRequested` (the status reporter answers with a sentence).
public struct ButtonsPlugin: Plugin {
    public static let id: PluginID = "buttons"

    private let configuration: Configuration
    private let context: PluginContext
    private let finder: DeviceFinder

    public init(configuration: Configuration, context: PluginContext) {
        self.init(configuration: configuration, context: context, finder: DeviceFinder())
    }

    /// A plugin that looks for devices elsewhere than `/dev/input` and `/sys/class/input` (tests).
    init(configuration: Configuration, context: PluginContext, finder: DeviceFinder) {
        self.configuration = configuration
        self.context = context
        self.finder = finder
    }

    public func run() async throws {
        let context = context, logger = context.logger
        // A finger keeps real time: on a sped-up hub clock (a simulation at --speed 60) a long press would last
        // 13 ms. The press's moment goes to the engine only when both clocks are the same.
        let realTime = context.clock.speed == 1
        let watcher = ButtonWatcher(
            configuration: configuration, clock: realTime ? context.clock : SystemClock(), logger: logger,
            finder: finder)
        await cancelWhenGracefulShutdown {
            await watcher.run { event in
                switch event {
                case .press(let press):
                    guard let action = press.action else {
                        logger.debug(
                            "button press without an action",
                            metadata: ["key": "\(press.keyDescription)", "kind": "\(press.kind.rawValue)"])
                        return
                    }
                    logger.info(
                        "button",
                        metadata: [
                            "key": "\(press.keyDescription)", "kind": "\(press.kind.rawValue)",
                            "action": "\(action.rawValue)",
                        ])
                    for message in action.messages(pressedAt: realTime ? press.at : nil) {
                        context.bus.publish(message)
                    }
                case .opened(let device, let grab):
                    switch grab {
                    case .heldByAnother:
                        logger.warning(
                            "button device opened, but another program holds it: it sees the keys too",
                            metadata: ["device": "\(device)"])
                    default:
                        logger.info(
                            "button device opened", metadata: ["device": "\(device)", "grab": "\(grab.rawValue)"])
                    }
                case .lost(let device, let reason):
                    logger.warning(
                        "button device gone; waiting for it to come back",
                        metadata: ["device": "\(device)", "reason": "\(reason)"])
                case .unavailable(let device, let reason):
                    logger.warning(
                        "button device not available", metadata: ["device": "\(device)", "reason": "\(reason)"])
                }
            }
        }
    }
}
