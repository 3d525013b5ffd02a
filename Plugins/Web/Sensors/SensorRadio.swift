import HubCore

/// The web app's one way to Bluetooth: scan, pair and disconnect, answered by the plugin that owns each family of
/// sensors. Tests hand the pages a fake.
///
/// Why a question on the bus rather than a BlueZ library here: the web app imports only the core, and the code that
/// scans and pairs already lives with the plugins that own the radio (the `StrapManager` and `FitnessSensorManager`
/// that `stayfit devices` runs). The heart-rate and fitness-sensors plugins answer `StrapCommand` and
/// `FitnessSensorCommand` with exactly that code, on their configured adapter, so the web and the command line
/// share one implementation and the core only carries the question and the answer.
///
/// ```swift
/// let answer = await radio.perform(.scan(for: .seconds(5)), on: .strap)
/// ```
protocol SensorRadio: Sendable {
    /// Performs `action` with `family`'s plugin: its answer, its failure in the command line's words, or why no
    /// plugin answered.
    func perform(_ action: BluetoothAction, on family: SensorFamily) async -> BluetoothAnswer
}

/// Which plugin owns a device: the heart-rate plugin the straps, the fitness-sensors plugin the rest.
enum SensorFamily: String, Sendable, CaseIterable {
    case strap
    case sensor

    /// The answer when the family's plugin is not running on this hub.
    var notRunning: BluetoothActionFailure {
        switch self {
        case .strap:
            BluetoothActionFailure(
                "Bluetooth is not available for heart-rate straps: the heart-rate plugin is not running on this hub. "
                    + "Add a [plugins.heart-rate] table to stayfit.toml, or use 'stayfit devices' on the hub.")
        case .sensor:
            BluetoothActionFailure(
                "Bluetooth is not available for fitness sensors: the fitness-sensors plugin is not running on this "
                    + "hub. Add a [plugins.fitness-sensors] table to stayfit.toml, or use 'stayfit devices' on the hub."
            )
        }
    }

    /// The family a remembered device's role belongs to.
    init(role: RememberedDevice.Role) { self = role == .heartRate ? .strap : .sensor }
}

/// The radio of the running hub: a command on the bus, answered by the plugin that owns the family.
struct BusSensorRadio: SensorRadio {
    let bus: MessageBus

    /// The longest a scan, a pairing or a disconnection keeps the request waiting beyond its own length: the
    /// plugin may be finishing an earlier command (one at a time) or restarting.
    static let grace: Duration = .seconds(10)
    /// What `StrapManager` and `FitnessSensorManager` allow a connection, as the command line waits.
    static let connectTimeout: Duration = .seconds(30)

    func perform(_ action: BluetoothAction, on family: SensorFamily) async -> BluetoothAnswer {
        let reply = BusReply<BluetoothAnswer>()
        switch family {
        case .strap:
            guard bus.hasSubscribers(of: StrapCommand.self) else { return .failure(family.notRunning) }
            bus.publish(StrapCommand(action, reply: reply))
        case .sensor:
            guard bus.hasSubscribers(of: FitnessSensorCommand.self) else { return .failure(family.notRunning) }
            bus.publish(FitnessSensorCommand(action, reply: reply))
        }
        let bound = Self.bound(of: action)
        if let answer = await reply.value(within: bound) { return answer }
        let plugin = family == .strap ? "heart-rate" : "fitness-sensors"
        return .failure(
            BluetoothActionFailure(
                "The \(plugin) plugin did not answer within \(Format.counted(Int(bound.components.seconds), "second")) "
                    + "(it may be busy with another scan or pairing, or restarting). Try again."))
    }

    /// How long the page waits for `action`'s answer: its own length, and the grace.
    static func bound(of action: BluetoothAction) -> Duration {
        switch action {
        case .scan(let duration): duration + grace
        case .pair(_, let searchFor): searchFor + connectTimeout + grace
        case .disconnect: grace
        }
    }
}
